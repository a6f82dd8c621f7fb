import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  bulkCreateLocationsRequest,
  bulkMoveLocationRequest,
  deleteLocationQuery,
  idParam,
  locationDeletedStatus,
  locationDeletedStatusRequest,
  locationDetail,
  locationIdQuery,
  locationRow,
  locationUsage,
  moveLocationRequest,
  siteIdQuery,
  stayHistoryRow,
  updateLocationBasicsRequest,
  updateLocationRequest,
} from '@portal/contract';
import { Answer, defineRoute } from '../../lib/route';
import { administrators, propertyStaff } from '../auth/access';
import * as stays from '../stays/service';
import * as locations from './service';

const tags = ['Locations'];

export default async function locationRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: 'GET',
    url: '/api/GetAllLocationsWithMetersBySiteID',
    summary: "A property's locations with meters, capabilities and usage (day, week, month, total)",
    tags,
    access: propertyStaff,
    query: siteIdQuery,
    scope: { 'query.siteID': 'site' },
    result: z.array(locationRow),
    handler: async ({ deps, scoped }) => locations.listLocations(deps.db, scoped['query.siteID'], deps.now()),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/GetSiteWithLocationStatsSignalRCall',
    summary: 'One row of the locations table, refreshed after a change',
    tags,
    access: propertyStaff,
    query: locationIdQuery,
    scope: { 'query.locationID': 'location' },
    result: locationRow,
    handler: ({ deps, query }) => locations.getLocation(deps.db, query.locationID, deps.now()),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/GetLocationMeterUsageForMeterByLocationID',
    summary: "Usage of a location's meters",
    tags,
    access: propertyStaff,
    query: locationIdQuery,
    scope: { 'query.locationID': 'location' },
    result: locationUsage,
    handler: async ({ deps, query }) => {
      const row = await locations.getLocation(deps.db, query.locationID, deps.now());
      return {
        locationID: row.locationID,
        servicePoints: row.servicePoints.map((sp) => ({ servicePointID: sp.servicePointID, usage: sp.usage })),
      };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/Site/:siteId/Location/:locationId',
    summary: 'One location of a property',
    tags,
    access: propertyStaff,
    params: z.object({ siteId: idParam, locationId: idParam }),
    scope: { 'params.siteId': 'site', 'params.locationId': 'location' },
    result: locationDetail,
    handler: async ({ deps, params, scoped }) => {
      const site = await locations.siteNameAndZone(deps.db, scoped['params.locationId'].siteId);
      return { ...(await locations.getLocation(deps.db, params.locationId, deps.now())), ...site };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/BulkCreateLocationWithSetting',
    summary: 'Add locations to properties, all in one transaction',
    tags,
    access: propertyStaff,
    idempotent: true,
    body: bulkCreateLocationsRequest,
    scope: { 'body.*.fk_SiteID': 'site' },
    result: z.array(z.number().int()),
    handler: async ({ deps, req, body }) =>
      new Answer(await locations.createLocations(deps, req, body), 200, 'locationsAdded'),
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/api/UpdateLocation',
    summary:
      'Edit a location (description for every role; account, type and public name for Administrators and Site Owners)',
    tags,
    access: propertyStaff,
    body: updateLocationRequest,
    scope: { 'body.locationID': 'location' },
    result: z.null(),
    handler: async ({ deps, req, user, body }) => {
      await locations.updateLocation(deps, req, user, body.locationID, body);
      return new Answer(null, 200, 'locationUpdated');
    },
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/api/UpdateLocationBasicInfo',
    summary: 'The limited location edit: description, billing account number and public name',
    tags,
    access: propertyStaff,
    body: updateLocationBasicsRequest,
    scope: { 'body.locationID': 'location' },
    result: z.null(),
    handler: async ({ deps, req, user, body }) => {
      await locations.updateLocation(deps, req, user, body.locationID, body);
      return new Answer(null, 200, 'locationUpdated');
    },
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/api/ServicePoint/UpdateLocationDeletedStatus',
    summary: 'Delete (hide) or reactivate a location',
    tags,
    access: administrators,
    body: locationDeletedStatusRequest,
    scope: { 'body.locationID': 'location' },
    result: locationDeletedStatus,
    handler: async ({ deps, req, body }) => {
      const deleted = await locations.toggleDeleted(deps, req, body.locationID);
      const action = deleted ? 'delete' : 'reactivate';
      return new Answer({ locationID: body.locationID, deleted }, 200, 'locationActionDone', { action });
    },
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/api/DeleteLocationWithSetting',
    summary: 'Erase a location without transaction records (417 otherwise)',
    tags,
    access: administrators,
    query: deleteLocationQuery,
    scope: { 'query.locationId': 'location' },
    result: z.null(),
    handler: async ({ deps, req, query }) => {
      await locations.eraseLocation(deps, req, query.locationId);
      return new Answer(null, 200, 'locationActionDone', { action: 'delete' });
    },
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/api/MoveLocation',
    summary: 'Move a location to another property',
    tags,
    access: administrators,
    body: moveLocationRequest,
    scope: { 'body.LocationID': 'location', 'body.SiteId': 'site' },
    result: z.null(),
    handler: async ({ deps, req, body }) => {
      await locations.moveLocations(deps, req, [body]);
      return new Answer(null, 200, 'locationMoved');
    },
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/api/BulkMoveLocation',
    summary: 'Move several locations, all or none',
    tags,
    access: administrators,
    body: bulkMoveLocationRequest,
    scope: { 'body.*.LocationID': 'location', 'body.*.SiteId': 'site' },
    result: z.null(),
    handler: async ({ deps, req, body }) => {
      await locations.moveLocations(deps, req, body);
      return new Answer(null, 200, 'locationsMoved');
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/GetStayTransactionsUsageByLocationID',
    summary: "A location's stays, newest first",
    tags,
    access: propertyStaff,
    query: locationIdQuery,
    scope: { 'query.locationID': 'location' },
    result: z.array(stayHistoryRow),
    handler: ({ deps, query }) => stays.stayHistory(deps.db, query.locationID),
  });
}
