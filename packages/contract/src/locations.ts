import { z } from 'zod';
import { idParam } from './fields';
import { statementTotal } from './billing';
import { lastRefusal } from './meters';

const id = z.int32();
const isoDate = z.string();

export const usageStats = z.object({
  dayUsage: z.number().int(),
  weekUsage: z.number().int(),
  monthUsage: z.number().int(),
  totalUsage: z.number().int(),
});
export type UsageStats = z.infer<typeof usageStats>;

export const capabilityEntry = z.object({
  servicePointCapabilityID: id,
  status: z.int32(),
  apiCapabilityResponse: z.string().nullable(),
  capability: z.object({ capabilityID: id, displayName: z.string(), capabilityType: z.int32() }),
});
export type CapabilityEntry = z.infer<typeof capabilityEntry>;

export const servicePointRow = z.object({
  servicePointID: id,
  servicePointName: z.string(),
  deviceKey: z.string(),
  deviceTypeDisplayName: z.string(),
  fk_DeviceTypeGroupId: id,
  fk_DeviceTypeId: id,
  fk_DeviceTypeName: z.string(),
  unit: z.string(),
  supportsResetReading: z.boolean(),
  activeInd: z.int32(),
  activeIndName: z.string(),
  excludeFromMonitoring: z.boolean(),
  isMissingDevice: z.boolean(),
  lastSeenDT: isoDate.nullable(),
  /** The meter's current cumulative reading (kWh or gallons). */
  kwhTotal: z.number().nullable(),
  deviceControlRequestedState: z.int32().nullable(),
  resultCode: z.int32().nullable(),
  servicePointCapabilities: z.array(capabilityEntry),
  /** Usage in the site's time zone; null when the meter has no readings. */
  usage: usageStats.nullable(),
  lastRefusal,
});
export type ServicePointRow = z.infer<typeof servicePointRow>;

export const locationRow = z.object({
  locationID: id,
  fk_SiteID: id,
  locationDescription: z.string(),
  locationPublicName: z.string(),
  accountNumber: z.string().nullable(),
  locationType: id.nullable(),
  locationTypeName: z.string().nullable(),
  autoCheckoutDateTime: isoDate.nullable(),
  isCheckedInState: z.boolean(),
  isRetryState: z.boolean(),
  deleted: z.boolean(),
  /** The guest of the open stay, when checked in. */
  guestName: z.string().nullable(),
  servicePoints: z.array(servicePointRow),
});
export type LocationRow = z.infer<typeof locationRow>;

export const siteIdQuery = z.object({ siteID: idParam });
export const locationIdQuery = z.object({ locationID: idParam });

export const locationUsage = z.object({
  locationID: id,
  servicePoints: z.array(z.object({ servicePointID: id, usage: usageStats.nullable() })),
});

/** Two descriptions name the same location of a property when they match ignoring case and spaces. */
export const descriptionKey = (description: string) => description.replace(/\s+/g, '').toLowerCase();

const description = z
  .string({ error: 'locationDescriptionRequired' })
  .trim()
  .min(1, 'locationDescriptionRequired')
  .max(100, 'maxLength');
const accountNumber = z
  .string()
  .trim()
  .max(50, 'maxLength')
  .nullish()
  .transform((v) => v || null);

export const bulkLocationEntry = z.object({
  locationDescription: description,
  accountNumber,
  fk_SiteID: id,
});
export const bulkCreateLocationsRequest = z
  .array(bulkLocationEntry)
  .min(1, 'locationDescriptionRequired')
  .max(500, 'maxLength');
export type BulkLocationEntry = z.infer<typeof bulkLocationEntry>;

const publicName = z
  .string()
  .trim()
  .min(1, 'required')
  .max(30, 'maxLength')
  .regex(/^[A-Za-z0-9-]+$/, 'fieldNotValid');

/** The Edit Location modal's fields (the check-in fields join them in the check-in request). */
export const updateLocationRequest = z.object({
  locationID: id,
  locationDescription: z.string({ error: 'required' }).trim().min(1, 'required').max(100, 'maxLength'),
  billingAccountNumber: accountNumber,
  /** Left out: unchanged; null: no type. */
  locationType: id.nullable().optional(),
  locationPublicName: publicName,
});
export type UpdateLocationRequest = z.infer<typeof updateLocationRequest>;

/** The limited variant: no location type. */
export const updateLocationBasicsRequest = updateLocationRequest.omit({ locationType: true });

export const locationDetail = locationRow.extend({ siteName: z.string(), timeZone: z.string() });

export const locationDeletedStatusRequest = z.object({ locationID: id });
export const locationDeletedStatus = z.object({ locationID: id, deleted: z.boolean() });
export const deleteLocationQuery = z.object({ locationId: idParam });

export const moveLocationRequest = z.object({ LocationID: id, SiteId: id });
export const bulkMoveLocationRequest = z.array(moveLocationRequest).min(1).max(2000);

export const stayHistoryRow = z.object({
  stayID: id,
  checkinDateTime: isoDate,
  checkoutDateTime: isoDate.nullable(),
  guest: z.object({ firstName: z.string(), lastName: z.string().nullable(), mobileNumber: z.string() }).nullable(),
  /** kWh (or gallons for a water-only location) used during the stay, so far for an open one. */
  totalUsage: z.number().nullable(),
  /** The stay's statement total (features/billing). */
  statementTotal,
  /**
   * Where the stay's meters' series broke, from its check-in until the next stay's (during the
   * stay and the vacancy after it), newest first: a manual reset, a meter replaced or reset in
   * the field (a new baseline), a register rollover (docs/decisions.md, "Totals that go down").
   */
  meterEvents: z.array(
    z.object({
      readDateTime: isoDate,
      servicePointName: z.string(),
      kind: z.enum(['reset', 'baseline', 'rollover']),
      reading: z.number(),
      /** The meter's total before, the one the reading is not counted from; null for its first. */
      previousReading: z.number().nullable(),
    }),
  ),
});
export type StayHistoryRow = z.infer<typeof stayHistoryRow>;

export const monitoringRequest = z.object({ LocationId: id, ServicePointID: id, ExcludeFromMonitoring: z.boolean() });
export const bulkMonitoringRequest = z.array(monitoringRequest).min(1).max(4000);
