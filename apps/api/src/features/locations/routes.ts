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
  messageText,
  moveLocationRequest,
  siteIdQuery,
  stayHistoryRow,
  updateLocationBasicsRequest,
  updateLocationRequest,
} from '@portal/contract';
import { Answer, defineRoute } from '../../lib/route';
import { administrators, propertyStaff } from '../auth/access';
import { requireLocation, requireSite } from '../auth/scope';
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
    result: z.array(locationRow),
    handler: async ({ deps, user, query }) =>
      locations.listLocations(deps.db, await requireSite(deps.db, user, query.siteID), deps.now()),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/GetSiteWithLocationStatsSignalRCall',
    summary: 'One row of the locations table, refreshed after a change',
    tags,
    access: propertyStaff,
    query: locationIdQuery,
    result: locationRow,
    handler: async ({ deps, user, query }) => {
      await requireLocation(deps.db, user, query.locationID);
      return locations.getLocation(deps.db, query.locationID, deps.now());
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/GetLocationMeterUsageForMeterByLocationID',
    summary: "Usage of a location's meters",
    tags,
    access: propertyStaff,
    query: locationIdQuery,
    result: locationUsage,
    handler: async ({ deps, user, query }) => {
      await requireLocation(deps.db, user, query.locationID);
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
    result: locationDetail,
    handler: async ({ deps, user, params }) => {
      const found = await requireLocation(deps.db, user, params.locationId);
      if (found.siteId !== params.siteId) await requireSite(deps.db, user, params.siteId);
      const site = await locations.siteNameAndZone(deps.db, found.siteId);
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
    result: z.array(z.number().int()),
    handler: async ({ deps, req, user, body }) =>
      new Answer(await locations.createLocations(deps, req, user, body), 200, messageText('locationsAdded')),
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/api/UpdateLocation',
    summary:
      'Edit a location (description for every role; account, type and public name for Administrators and Site Owners)',
    tags,
    access: propertyStaff,
    body: updateLocationRequest,
    result: z.null(),
    handler: async ({ deps, req, user, body }) => {
      await locations.updateLocation(deps, req, user, body.locationID, body);
      return new Answer(null, 200, messageText('locationUpdated'));
    },
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/api/UpdateLocationBasicInfo',
    summary: 'The limited location edit: description, billing account number and public name',
    tags,
    access: propertyStaff,
    body: updateLocationBasicsRequest,
    result: z.null(),
    handler: async ({ deps, req, user, body }) => {
      await locations.updateLocation(deps, req, user, body.locationID, body);
      return new Answer(null, 200, messageText('locationUpdated'));
    },
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/api/ServicePoint/UpdateLocationDeletedStatus',
    summary: 'Delete (hide) or reactivate a location',
    tags,
    access: administrators,
    body: locationDeletedStatusRequest,
    result: locationDeletedStatus,
    handler: async ({ deps, req, user, body }) => {
      const deleted = await locations.toggleDeleted(deps, req, user, body.locationID);
      const action = deleted ? 'delete' : 'reactivate';
      return new Answer({ locationID: body.locationID, deleted }, 200, messageText('locationActionDone', { action }));
    },
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/api/DeleteLocationWithSetting',
    summary: 'Erase a location without transaction records (417 otherwise)',
    tags,
    access: administrators,
    query: deleteLocationQuery,
    result: z.null(),
    handler: async ({ deps, req, user, query }) => {
      await locations.eraseLocation(deps, req, user, query.locationId);
      return new Answer(null, 200, messageText('locationActionDone', { action: 'delete' }));
    },
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/api/MoveLocation',
    summary: 'Move a location to another property',
    tags,
    access: administrators,
    body: moveLocationRequest,
    result: z.null(),
    handler: async ({ deps, req, user, body }) => {
      await locations.moveLocations(deps, req, user, [body]);
      return new Answer(null, 200, messageText('locationMoved'));
    },
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/api/BulkMoveLocation',
    summary: 'Move several locations, all or none',
    tags,
    access: administrators,
    body: bulkMoveLocationRequest,
    result: z.null(),
    handler: async ({ deps, req, user, body }) => {
      await locations.moveLocations(deps, req, user, body);
      return new Answer(null, 200, messageText('locationsMoved'));
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/GetStayTransactionsUsageByLocationID',
    summary: "A location's stays, newest first",
    tags,
    access: propertyStaff,
    query: locationIdQuery,
    result: z.array(stayHistoryRow),
    handler: async ({ deps, user, query }) => {
      await requireLocation(deps.db, user, query.locationID);
      return stays.stayHistory(deps.db, query.locationID);
    },
  });
}
