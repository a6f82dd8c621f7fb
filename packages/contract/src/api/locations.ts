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
  locationRow,
  locationUsage,
  locationsPage,
  locationsPageQuery,
  monitorSelectionRequest,
  moveLocationRequest,
  moveSelectionRequest,
  stayHistoryRow,
  switchSelectionRequest,
  updateLocationBasicsRequest,
  updateLocationRequest,
} from '../locations';
import { administrators, locationInQuery, propertyStaff, siteInQuery } from './access';
import { featureCalls } from './call';
import { routes } from './routes';

const defaults = { tags: ['Locations'], access: propertyStaff } as const;

export const locationsCalls = featureCalls(routes.locations, defaults, {
  table: {
    summary: "A property's locations with meters, capabilities and usage (day, week, month, total)",
    keyScope: 'locations:read',
    ...siteInQuery,
    result: z.array(locationRow),
  },

  page: {
    summary:
      "One page of a property's locations table: searched, filtered by status, sorted (description and meters in natural order) and paged by the server, with the counts the table shows",
    keyScope: 'locations:read',
    query: locationsPageQuery,
    scope: { 'query.siteID': 'site', 'query.locationID': 'location' },
    result: locationsPage,
  },

  row: {
    summary: 'One row of the locations table, refreshed after a change',
    keyScope: 'locations:read',
    ...locationInQuery,
    result: locationRow,
  },

  usage: {
    summary: "Usage of a location's meters",
    keyScope: 'usage:read',
    ...locationInQuery,
    result: locationUsage,
  },

  detail: {
    summary: 'One location of a property',
    keyScope: 'locations:read',
    params: z.object({ siteId: idParam, locationId: idParam }),
    scope: { 'params.siteId': 'site', 'params.locationId': 'location' },
    result: locationDetail,
  },

  createMany: {
    summary: 'Add locations to properties, all in one transaction',
    idempotent: true,
    body: bulkCreateLocationsRequest,
    scope: { 'body.*.fk_SiteID': 'site' },
    result: z.array(z.number().int()),
  },

  edit: {
    summary:
      'Edit a location (description for every role; account, type and public name for Administrators and Site Owners)',
    body: updateLocationRequest,
    scope: { 'body.locationID': 'location' },
    result: z.null(),
  },

  editBasics: {
    summary: 'The limited location edit: description, billing account number and public name',
    body: updateLocationBasicsRequest,
    scope: { 'body.locationID': 'location' },
    result: z.null(),
  },

  toggleDeleted: {
    summary: 'Delete (hide) or reactivate a location',
    access: administrators,
    body: locationDeletedStatusRequest,
    scope: { 'body.locationID': 'location' },
    result: locationDeletedStatus,
  },

  remove: {
    summary: 'Erase a location without transaction records (417 otherwise)',
    access: administrators,
    query: deleteLocationQuery,
    scope: { 'query.locationId': 'location' },
    result: z.null(),
  },

  move: {
    summary: 'Move a location to another property',
    access: administrators,
    body: moveLocationRequest,
    scope: { 'body.LocationID': 'location', 'body.SiteId': 'site' },
    result: z.null(),
  },

  moveMany: {
    summary: 'Move several locations, all or none',
    access: administrators,
    body: bulkMoveLocationRequest,
    scope: { 'body.*.LocationID': 'location', 'body.*.SiteId': 'site' },
    result: z.null(),
  },

  switchSelection: {
    summary:
      "Switch on (1) or off (0) the meters of the selection's type at the selected locations (the toolbar's On and Off, 'Select All m' across pages included)",
    access: administrators,
    idempotent: true,
    body: switchSelectionRequest,
    scope: { 'body.selection.siteID': 'site', 'body.selection.locationIDs.*': 'location' },
    result: z.array(sendControlResult),
  },

  moveSelection: {
    summary: 'Move the selected locations to another property, all or none',
    access: administrators,
    body: moveSelectionRequest,
    scope: { 'body.selection.siteID': 'site', 'body.selection.locationIDs.*': 'location', 'body.SiteId': 'site' },
    result: z.null(),
  },

  monitorSelection: {
    summary: "Include or exclude from monitoring the meters of the selection's type at the selected locations",
    access: administrators,
    body: monitorSelectionRequest,
    scope: { 'body.selection.siteID': 'site', 'body.selection.locationIDs.*': 'location' },
    result: z.null(),
  },

  history: {
    summary: "A location's stays, newest first",
    keyScope: 'usage:read',
    ...locationInQuery,
    result: z.array(stayHistoryRow),
  },
});
