import { z } from 'zod';
import { INT_MAX, METER_ID_LENGTH, READING_MAX_DECIMALS, READING_MAX_INTEGER_DIGITS } from './constants';
import { REFUSAL_REASONS } from './device-protocol';
import { idParam, pageFields, whenTyped } from './fields';

const id = z.int32();

export const meterOption = z.object({
  servicePointId: id,
  servicePointName: z.string(),
  deviceTypeDisplayName: z.string(),
  fk_DeviceTypeGroupId: id,
});
export type MeterOption = z.infer<typeof meterOption>;

export const meterAssignment = z.object({ servicePointID: id, fk_LocationID: id });
export type MeterAssignment = z.infer<typeof meterAssignment>;
export const assignMetersRequest = z.array(meterAssignment).min(1).max(4000);

/** The Assign Meter dialog: locations that can take a meter, and the meters in stock. */
export const assignableMeters = z.object({
  locations: z.array(
    z.object({
      locationID: id,
      locationDescription: z.string(),
      metersMapToLocations: z.array(meterOption),
    }),
  ),
  availableMeters: z.array(meterOption),
});

export const locationIdParam = z.object({ locationId: idParam });

const READING = new RegExp(`^\\d{1,${READING_MAX_INTEGER_DIGITS}}(\\.\\d{1,${READING_MAX_DECIMALS}})?$`);
const INTEGER = /^\d+$/;
const NUMBER = /^\d*\.?\d+$|^\d+\.$/;

/** The Reset Reading input: water takes whole gallons, other meters up to 6 decimals. */
export function readingProblem(
  value: string,
  isWater: boolean,
): 'onlyInteger' | 'onlyIntegerOrDecimal' | 'invalidDecimal' | 'invalidValue' | null {
  const v = value.trim();
  if (isWater) {
    if (!INTEGER.test(v)) return 'onlyInteger';
    return v.length > READING_MAX_INTEGER_DIGITS ? 'invalidValue' : null;
  }
  if (!NUMBER.test(v)) return 'onlyIntegerOrDecimal';
  if (!READING.test(v)) return 'invalidDecimal';
  return Number(v) < 0 ? 'invalidValue' : null;
}

export const manualReadingRequest = z
  .object({
    deviceKey: z.string().min(1, 'required').max(100, 'maxLength'),
    kwHTotal: z.union([z.number(), z.string()]).optional(),
    totalGallons: z.union([z.number(), z.string()]).optional(),
    overrideConfirmation: z.boolean().optional().default(false),
  })
  .refine((r) => (r.kwHTotal === undefined) !== (r.totalGallons === undefined), {
    message: 'invalidValue',
    path: ['kwHTotal'],
    ...whenTyped(['kwHTotal', 'totalGallons']),
  });
export type ManualReadingRequest = z.infer<typeof manualReadingRequest>;

export const manualReadingResult = z.object({
  /** True when the value is below the previous reading and nothing was stored: ask, then resend with the override. */
  overrideConfirmation: z.boolean(),
  previousReading: z.number().nullable(),
});

export const meterName = z
  .string({ error: 'meterIdLength' })
  .trim()
  .length(METER_ID_LENGTH, 'meterIdLength')
  .regex(/^[A-Za-z0-9]+$/, 'fieldNotValid');

export const createMeterRequest = z.object({
  servicePointName: meterName,
  /** The middle part of the meter's MQTT topics (docs/device-protocol.md): no '/', '+', '#' or spaces. */
  deviceKey: z
    .string()
    .trim()
    .min(1, 'required')
    .max(100, 'maxLength')
    .regex(/^[A-Za-z0-9._:-]+$/, 'fieldNotValid'),
  fk_DeviceTypeId: id,
});

export const meterInventoryQuery = z.object({
  search: z.string().trim().max(50).optional().default(''),
  ...pageFields(INT_MAX),
});

/** The latest message the server refused from a meter, and why: shown to Administrators. */
export const lastRefusal = z.object({ reason: z.enum(REFUSAL_REASONS), at: z.string() }).nullable();
export type LastRefusal = z.infer<typeof lastRefusal>;

/** How a row of a table names a meter: its id, its name, its device key and its type's name. */
export const meterNaming = {
  servicePointID: id,
  servicePointName: z.string(),
  deviceKey: z.string(),
  deviceTypeDisplayName: z.string(),
};

export const meterInventoryRow = z.object({
  ...meterNaming,
  fk_DeviceTypeId: id,
  locationID: id.nullable(),
  locationDescription: z.string().nullable(),
  siteID: id.nullable(),
  siteName: z.string().nullable(),
  activeInd: z.int32(),
  isMissingDevice: z.boolean(),
  lastSeenDT: z.string().nullable(),
  lastRefusal,
  /** The most the meter delivers in an hour, in its unit: its own, or its type's (`maxRateOwn` false). */
  maxRatePerHour: z.string(),
  maxRateOwn: z.boolean(),
  unit: z.enum(['kWh', 'gal']),
});
export type MeterInventoryRow = z.infer<typeof meterInventoryRow>;
export const meterInventoryPage = z.object({ total: z.int32(), rows: z.array(meterInventoryRow) });

/**
 * A meter's own maximum rate (its service rating or flow, in its unit an hour), or null for its
 * type's: a rise faster than it is held back as suspect. Its readings are walked again.
 */
export const meterMaxRateRequest = z
  .object({
    servicePointID: id,
    maxRatePerHour: z
      .union([z.string(), z.number()])
      .transform((v) => (typeof v === 'number' ? String(v) : v.trim()))
      .pipe(z.string().regex(/^\d{1,9}(\.\d{1,3})?$/, 'invalidDecimal'))
      .refine((v) => Number(v) > 0, 'invalidValue')
      .nullable(),
  })
  .strict();
export type MeterMaxRateRequest = z.input<typeof meterMaxRateRequest>;
