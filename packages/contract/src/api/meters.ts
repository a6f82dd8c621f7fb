import { z } from 'zod';
import { bulkMonitoringRequest, monitoringRequest, siteIdQuery } from '../locations';
import {
  assignMetersRequest,
  assignableMeters,
  createMeterRequest,
  locationIdParam,
  manualReadingRequest,
  manualReadingResult,
  meterAssignment,
  meterInventoryPage,
  meterInventoryQuery,
  meterMaxRateRequest,
  meterOption,
  readRouteOrderRequest,
  readRouteStop,
} from '../meters';
import { emptyResult } from '../envelope';
import { administrators, propertyStaff } from './access';
import { call } from './call';
import { routes } from './routes';

const tags = ['Meters'];

export const metersCalls = {
  stockOptions: call({
    ...routes.meters.stockOptions,
    summary: 'Meters in stock that can be added to a location',
    tags,
    access: propertyStaff,
    query: locationIdParam,
    scope: { 'query.locationId': 'location' },
    result: z.array(meterOption),
  }),

  assignable: call({
    ...routes.meters.assignable,
    summary: 'The Assign Meter dialog: locations of a property that can take a meter, and the stock',
    tags,
    access: propertyStaff,
    query: siteIdQuery,
    scope: { 'query.siteID': 'site' },
    result: assignableMeters,
  }),

  assign: call({
    ...routes.meters.assign,
    summary: 'Put a meter from stock on a location',
    tags,
    access: propertyStaff,
    idempotent: true,
    body: meterAssignment,
    scope: { 'body.fk_LocationID': 'location' },
    result: z.null(),
  }),

  assignMany: call({
    ...routes.meters.assignMany,
    summary: 'Put meters from stock on locations, all or none',
    tags,
    access: propertyStaff,
    idempotent: true,
    body: assignMetersRequest,
    scope: { 'body.*.fk_LocationID': 'location' },
    result: z.null(),
  }),

  unassign: call({
    ...routes.meters.unassign,
    summary: 'Take a meter off a location, back to stock',
    tags,
    access: propertyStaff,
    body: meterAssignment,
    scope: { 'body.fk_LocationID': 'location', 'body.servicePointID': 'meter' },
    result: z.null(),
  }),

  addReading: call({
    ...routes.meters.addReading,
    summary:
      'Reset a meter reading (a new baseline), or record a read by hand (a meter read by hand, or reset: false), estimated or with a photo; below the previous reading it needs the override flag',
    tags,
    access: propertyStaff,
    idempotent: true,
    // a photo of up to 2 MB, as base64
    bodyLimit: 3 * 1024 * 1024,
    body: manualReadingRequest,
    scope: { 'body.servicePointID': 'meter' },
    result: manualReadingResult,
  }),

  setMonitoring: call({
    ...routes.meters.setMonitoring,
    summary: 'Include or exclude a meter from monitoring',
    tags,
    access: administrators,
    body: monitoringRequest,
    scope: { 'body.LocationId': 'location', 'body.ServicePointID': 'meter' },
    result: z.null(),
  }),

  setMonitoringMany: call({
    ...routes.meters.setMonitoringMany,
    summary: 'Include or exclude several meters from monitoring, all or none',
    tags,
    access: administrators,
    body: bulkMonitoringRequest,
    scope: { 'body.*.LocationId': 'location', 'body.*.ServicePointID': 'meter' },
    result: z.null(),
  }),

  inventory: call({
    ...routes.meters.inventory,
    summary: 'Every meter and where it is (Administrator), paged and searchable',
    tags,
    access: administrators,
    query: meterInventoryQuery,
    result: meterInventoryPage,
  }),

  create: call({
    ...routes.meters.create,
    summary: 'Register a meter in stock (Administrator)',
    tags,
    access: administrators,
    idempotent: true,
    body: createMeterRequest,
    result: z.number().int(),
  }),

  setMaxRate: call({
    ...routes.meters.setMaxRate,
    summary:
      "Set a meter's own maximum rate (its service rating or flow, its unit an hour), or null for its type's; its readings are walked again (Administrator)",
    tags,
    access: administrators,
    body: meterMaxRateRequest,
    scope: { 'body.servicePointID': 'meter' },
    result: emptyResult,
  }),

  readRoute: call({
    ...routes.meters.readRoute,
    summary:
      "A property's meters to read by hand, in route order: those read by hand and the networked ones gone silent, with their last reading and the range expected",
    tags,
    access: propertyStaff,
    keyScope: 'locations:read',
    query: siteIdQuery,
    scope: { 'query.siteID': 'site' },
    result: z.array(readRouteStop),
  }),

  saveReadRoute: call({
    ...routes.meters.saveReadRoute,
    summary: "Puts a property's read route in a new order",
    tags,
    access: propertyStaff,
    body: readRouteOrderRequest,
    scope: { 'body.siteID': 'site', 'body.locationIDs.*': 'location' },
    result: emptyResult,
  }),
};
