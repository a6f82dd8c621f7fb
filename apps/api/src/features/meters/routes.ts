import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  assignableMeters,
  assignMetersRequest,
  bulkMonitoringRequest,
  createMeterRequest,
  locationIdParam,
  manualReadingRequest,
  manualReadingResult,
  meterAssignment,
  meterInventoryPage,
  meterInventoryQuery,
  meterOption,
  monitoringRequest,
  siteIdQuery,
} from '@portal/contract';
import { Answer, defineRoute } from '../../lib/route';
import { administrators, propertyStaff } from '../auth/access';
import * as meters from './service';

const tags = ['Meters'];

export default async function meterRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: 'GET',
    url: '/api/GetMetersMapToLocation',
    summary: 'Meters in stock that can be added to a location',
    tags,
    access: propertyStaff,
    query: locationIdParam,
    scope: { 'query.locationId': 'location' },
    result: z.array(meterOption),
    handler: ({ deps }) => meters.stockOptions(deps.db),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/GetLocationsToAssignMeters',
    summary: 'The Assign Meter dialog: locations of a property that can take a meter, and the stock',
    tags,
    access: propertyStaff,
    query: siteIdQuery,
    scope: { 'query.siteID': 'site' },
    result: assignableMeters,
    handler: ({ deps, scoped }) => meters.assignable(deps.db, scoped['query.siteID']),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/AddMeterToLocation',
    summary: 'Put a meter from stock on a location',
    tags,
    access: propertyStaff,
    idempotent: true,
    body: meterAssignment,
    scope: { 'body.fk_LocationID': 'location' },
    result: z.null(),
    handler: async ({ deps, req, user, body }) => {
      await meters.assignMeters(deps, req, user, [body]);
      return new Answer(null, 200, 'meterAdded');
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/AssignMetersToLocations',
    summary: 'Put meters from stock on locations, all or none',
    tags,
    access: propertyStaff,
    idempotent: true,
    body: assignMetersRequest,
    scope: { 'body.*.fk_LocationID': 'location' },
    result: z.null(),
    handler: async ({ deps, req, user, body }) => {
      await meters.assignMeters(deps, req, user, body);
      return new Answer(null, 200, 'metersAssigned');
    },
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/api/DeleteMeterFromLocation',
    summary: 'Take a meter off a location, back to stock',
    tags,
    access: propertyStaff,
    body: meterAssignment,
    scope: { 'body.fk_LocationID': 'location', 'body.servicePointID': 'meter' },
    result: z.null(),
    handler: async ({ deps, req, body, scoped }) => {
      await meters.removeMeter(deps, req, scoped['body.fk_LocationID'], body);
      return new Answer(null, 200, 'meterRemoved');
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/AddManualMeterReading',
    summary: 'Reset a meter reading (a new baseline); below the previous reading it needs the override flag',
    tags,
    access: propertyStaff,
    idempotent: true,
    body: manualReadingRequest,
    result: manualReadingResult,
    handler: async ({ deps, req, user, body }) => {
      const result = await meters.addManualReading(deps, req, user, body);
      return new Answer(result, 200, result.overrideConfirmation ? 'readingLowerConfirm' : 'readingUpdated');
    },
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/api/UpdateLocationMonitoring',
    summary: 'Include or exclude a meter from monitoring',
    tags,
    access: administrators,
    body: monitoringRequest,
    scope: { 'body.LocationId': 'location', 'body.ServicePointID': 'meter' },
    result: z.null(),
    handler: async ({ deps, req, body }) => {
      await meters.setMonitoring(deps, req, [body]);
      return new Answer(null, 200, 'monitoringUpdated');
    },
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/api/BulkUpdateLocationMonitoring',
    summary: 'Include or exclude several meters from monitoring, all or none',
    tags,
    access: administrators,
    body: bulkMonitoringRequest,
    scope: { 'body.*.LocationId': 'location', 'body.*.ServicePointID': 'meter' },
    result: z.null(),
    handler: async ({ deps, req, body }) => {
      await meters.setMonitoring(deps, req, body);
      return new Answer(null, 200, 'monitoringUpdated');
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/ServicePoint/GetMeterInventory',
    summary: 'Every meter and where it is (Administrator), paged and searchable',
    tags,
    access: administrators,
    query: meterInventoryQuery,
    result: meterInventoryPage,
    handler: ({ deps, query }) => meters.inventory(deps.db, query.search, query.page, query.pageSize),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/ServicePoint/CreateMeter',
    summary: 'Register a meter in stock (Administrator)',
    tags,
    access: administrators,
    idempotent: true,
    body: createMeterRequest,
    result: z.number().int(),
    handler: async ({ deps, req, body }) => meters.createMeter(deps, req, body),
  });
}
