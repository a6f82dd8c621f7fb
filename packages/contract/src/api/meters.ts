import { z } from 'zod';
import { bulkMonitoringRequest, monitoringRequest } from '../locations';
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
  readingPhotoQuery,
  readRouteOrderRequest,
  readRouteStop,
} from '../meters';
import { IMPORT_MAX_BYTES, importReadingsQuery, importReport } from '../reading-import';
import { emptyResult } from '../envelope';
import { administrators, propertyStaff, siteInQuery } from './access';
import { featureCalls } from './call';
import { routes } from './routes';

const defaults = { tags: ['Meters'], access: propertyStaff } as const;

export const metersCalls = featureCalls(routes.meters, defaults, {
  stockOptions: {
    summary: 'Meters in stock that can be added to a location',
    query: locationIdParam,
    scope: { 'query.locationId': 'location' },
    result: z.array(meterOption),
  },

  assignable: {
    summary: 'The Assign Meter dialog: locations of a property that can take a meter, and the stock',
    ...siteInQuery,
    result: assignableMeters,
  },

  assign: {
    summary: 'Put a meter from stock on a location',
    idempotent: true,
    body: meterAssignment,
    scope: { 'body.fk_LocationID': 'location' },
    result: z.null(),
  },

  assignMany: {
    summary: 'Put meters from stock on locations, all or none',
    idempotent: true,
    body: assignMetersRequest,
    scope: { 'body.*.fk_LocationID': 'location' },
    result: z.null(),
  },

  unassign: {
    summary: 'Take a meter off a location, back to stock',
    body: meterAssignment,
    scope: { 'body.fk_LocationID': 'location', 'body.servicePointID': 'meter' },
    result: z.null(),
  },

  addReading: {
    summary:
      'Reset a meter reading (a new baseline), or record a read by hand (a meter read by hand, or reset: false), estimated or with a photo; below the previous reading it needs the override flag',
    idempotent: true,
    // a photo of up to 2 MB, as base64
    bodyLimit: 3 * 1024 * 1024,
    body: manualReadingRequest,
    scope: { 'body.servicePointID': 'meter' },
    result: manualReadingResult,
  },

  setMonitoring: {
    summary: 'Include or exclude a meter from monitoring',
    access: administrators,
    body: monitoringRequest,
    scope: { 'body.LocationId': 'location', 'body.ServicePointID': 'meter' },
    result: z.null(),
  },

  setMonitoringMany: {
    summary: 'Include or exclude several meters from monitoring, all or none',
    access: administrators,
    body: bulkMonitoringRequest,
    scope: { 'body.*.LocationId': 'location', 'body.*.ServicePointID': 'meter' },
    result: z.null(),
  },

  inventory: {
    summary: 'Every meter and where it is (Administrator), paged and searchable',
    access: administrators,
    query: meterInventoryQuery,
    result: meterInventoryPage,
  },

  create: {
    summary: 'Register a meter in stock (Administrator)',
    access: administrators,
    idempotent: true,
    body: createMeterRequest,
    result: z.number().int(),
  },

  setMaxRate: {
    summary:
      "Set a meter's own maximum rate (its service rating or flow, its unit an hour), or null for its type's; its readings are walked again (Administrator)",
    access: administrators,
    body: meterMaxRateRequest,
    scope: { 'body.servicePointID': 'meter' },
    result: emptyResult,
  },

  readRoute: {
    summary:
      "A property's meters to read by hand, in route order: those read by hand and the networked ones gone silent, with their last reading and the range expected",
    keyScope: 'locations:read',
    ...siteInQuery,
    result: z.array(readRouteStop),
  },

  readingPhoto: {
    summary: 'The photo of the meter face taken with a reading (JPEG or PNG), by its meter and instant',
    keyScope: 'locations:read',
    produces: ['image/jpeg', 'image/png'],
    query: readingPhotoQuery,
    scope: { 'query.servicePointID': 'meter' },
    result: z.null(),
  },

  saveReadRoute: {
    summary: "Puts a property's read route in a new order",
    body: readRouteOrderRequest,
    scope: { 'body.siteID': 'site', 'body.locationIDs.*': 'location' },
    result: emptyResult,
  },

  importReadings: {
    summary:
      "Import a CSV of readings (text/csv: a header row naming meter or location, reading, time and optionally estimated and unit) into a property's meters, checked as a device's or a hand read's; dryRun=true previews (nothing stored); mode=all stores nothing unless every row is valid, mode=valid stores the valid rows; warnings and refusals by line; Accept: application/x-ndjson streams the progress (docs/api.md)",
    query: importReadingsQuery,
    scope: { 'query.siteID': 'site' },
    consumes: ['text/csv'],
    body: z.string(),
    bodyLimit: IMPORT_MAX_BYTES,
    rateLimit: 20,
    streamsProgress: true,
    result: importReport,
  },
});
