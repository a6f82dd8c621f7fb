import { z } from 'zod';
import { sendControlResult } from '../devices';
import { idParam } from '../fields';
import {
  bulkCreateLocationsRequest,
  bulkMoveLocationRequest,
  deleteLocationQuery,
  locationDeletedStatus,
  locationDeletedStatusRequest,
  locationDetail,
  locationIdQuery,
  locationRow,
  locationUsage,
  locationsPage,
  locationsPageQuery,
  monitorSelectionRequest,
  moveLocationRequest,
  moveSelectionRequest,
  siteIdQuery,
  stayHistoryRow,
  switchSelectionRequest,
  updateLocationBasicsRequest,
  updateLocationRequest,
} from '../locations';
import { administrators, propertyStaff } from './access';
import { call } from './call';
import { routes } from './routes';

const tags = ['Locations'];

export const locationsCalls = {
  table: call({
    ...routes.locations.table,
    summary: "A property's locations with meters, capabilities and usage (day, week, month, total)",
    tags,
    access: propertyStaff,
    keyScope: 'locations:read',
    query: siteIdQuery,
    scope: { 'query.siteID': 'site' },
    result: z.array(locationRow),
  }),

  page: call({
    ...routes.locations.page,
    summary:
      "One page of a property's locations table: searched, filtered by status, sorted (description and meters in natural order) and paged by the server, with the counts the table shows",
    tags,
    access: propertyStaff,
    keyScope: 'locations:read',
    query: locationsPageQuery,
    scope: { 'query.siteID': 'site', 'query.locationID': 'location' },
    result: locationsPage,
  }),

  row: call({
    ...routes.locations.row,
    summary: 'One row of the locations table, refreshed after a change',
    tags,
    access: propertyStaff,
    keyScope: 'locations:read',
    query: locationIdQuery,
    scope: { 'query.locationID': 'location' },
    result: locationRow,
  }),

  usage: call({
    ...routes.locations.usage,
    summary: "Usage of a location's meters",
    tags,
    access: propertyStaff,
    keyScope: 'usage:read',
    query: locationIdQuery,
    scope: { 'query.locationID': 'location' },
    result: locationUsage,
  }),

  detail: call({
    ...routes.locations.detail,
    summary: 'One location of a property',
    tags,
    access: propertyStaff,
    keyScope: 'locations:read',
    params: z.object({ siteId: idParam, locationId: idParam }),
    scope: { 'params.siteId': 'site', 'params.locationId': 'location' },
    result: locationDetail,
  }),

  createMany: call({
    ...routes.locations.createMany,
    summary: 'Add locations to properties, all in one transaction',
    tags,
    access: propertyStaff,
    idempotent: true,
    body: bulkCreateLocationsRequest,
    scope: { 'body.*.fk_SiteID': 'site' },
    result: z.array(z.number().int()),
  }),

  edit: call({
    ...routes.locations.edit,
    summary:
      'Edit a location (description for every role; account, type and public name for Administrators and Site Owners)',
    tags,
    access: propertyStaff,
    body: updateLocationRequest,
    scope: { 'body.locationID': 'location' },
    result: z.null(),
  }),

  editBasics: call({
    ...routes.locations.editBasics,
    summary: 'The limited location edit: description, billing account number and public name',
    tags,
    access: propertyStaff,
    body: updateLocationBasicsRequest,
    scope: { 'body.locationID': 'location' },
    result: z.null(),
  }),

  toggleDeleted: call({
    ...routes.locations.toggleDeleted,
    summary: 'Delete (hide) or reactivate a location',
    tags,
    access: administrators,
    body: locationDeletedStatusRequest,
    scope: { 'body.locationID': 'location' },
    result: locationDeletedStatus,
  }),

  remove: call({
    ...routes.locations.remove,
    summary: 'Erase a location without transaction records (417 otherwise)',
    tags,
    access: administrators,
    query: deleteLocationQuery,
    scope: { 'query.locationId': 'location' },
    result: z.null(),
  }),

  move: call({
    ...routes.locations.move,
    summary: 'Move a location to another property',
    tags,
    access: administrators,
    body: moveLocationRequest,
    scope: { 'body.LocationID': 'location', 'body.SiteId': 'site' },
    result: z.null(),
  }),

  moveMany: call({
    ...routes.locations.moveMany,
    summary: 'Move several locations, all or none',
    tags,
    access: administrators,
    body: bulkMoveLocationRequest,
    scope: { 'body.*.LocationID': 'location', 'body.*.SiteId': 'site' },
    result: z.null(),
  }),

  switchSelection: call({
    ...routes.locations.switchSelection,
    summary:
      "Switch on (1) or off (0) the meters of the selection's type at the selected locations (the toolbar's On and Off, 'Select All m' across pages included)",
    tags,
    access: administrators,
    idempotent: true,
    body: switchSelectionRequest,
    scope: { 'body.selection.siteID': 'site', 'body.selection.locationIDs.*': 'location' },
    result: z.array(sendControlResult),
  }),

  moveSelection: call({
    ...routes.locations.moveSelection,
    summary: 'Move the selected locations to another property, all or none',
    tags,
    access: administrators,
    body: moveSelectionRequest,
    scope: { 'body.selection.siteID': 'site', 'body.selection.locationIDs.*': 'location', 'body.SiteId': 'site' },
    result: z.null(),
  }),

  monitorSelection: call({
    ...routes.locations.monitorSelection,
    summary: "Include or exclude from monitoring the meters of the selection's type at the selected locations",
    tags,
    access: administrators,
    body: monitorSelectionRequest,
    scope: { 'body.selection.siteID': 'site', 'body.selection.locationIDs.*': 'location' },
    result: z.null(),
  }),

  history: call({
    ...routes.locations.history,
    summary: "A location's stays, newest first",
    tags,
    access: propertyStaff,
    keyScope: 'usage:read',
    query: locationIdQuery,
    scope: { 'query.locationID': 'location' },
    result: z.array(stayHistoryRow),
  }),
};
