import { z } from 'zod';
import { INT_MAX, METER_ID_LENGTH, READING_MAX_DECIMALS, READING_MAX_INTEGER_DIGITS } from './constants';
import { REFUSAL_REASONS } from './device-protocol';
import { idParam, pageFields, whenTyped, whenValid } from './fields';

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

/** The most a reading's photo may hold: 2 MB of JPEG or PNG (about 2.7 MB as base64). */
export const READING_PHOTO_MAX_BYTES = 2 * 1024 * 1024;

/**
 * A reading entered by a person. On a networked meter it is by default the Reset Reading (a new
 * baseline); on a meter read by hand, and with `reset: false` on any meter, it is a read the
 * usage rule judges like a device's. Below the previous reading it is stored only once the user
 * confirmed (the override flag). The meter is named by its device key or, for one read by hand, its id.
 */
export const manualReadingRequest = z
  .object({
    deviceKey: z.string().min(1, 'required').max(100, 'maxLength').optional(),
    servicePointID: id.optional(),
    kwHTotal: z.union([z.number(), z.string()]).optional(),
    totalGallons: z.union([z.number(), z.string()]).optional(),
    overrideConfirmation: z.boolean().optional().default(false),
    /** A new baseline (no usage across it) rather than a read. */
    reset: z.boolean().optional(),
    /** Not read off the meter but proposed from its history: marked "Estimated" wherever it appears. */
    estimated: z.boolean().optional().default(false),
    /** When the meter was read (ISO 8601, default now): a read entered offline keeps its time. */
    at: z.iso.datetime({ offset: true, error: 'fieldNotValid' }).optional(),
    /** A photo of the meter face, as base64: a JPEG or PNG of at most 2 MB. */
    photo: z
      .string()
      .max(Math.ceil(READING_PHOTO_MAX_BYTES / 3) * 4, 'photoTooLarge')
      .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'photoNotImage')
      .optional(),
  })
  .refine((r) => (r.kwHTotal === undefined) !== (r.totalGallons === undefined), {
    message: 'invalidValue',
    path: ['kwHTotal'],
    ...whenTyped(['kwHTotal', 'totalGallons']),
  })
  .refine((r) => (r.deviceKey === undefined) !== (r.servicePointID === undefined), {
    message: 'required',
    path: ['deviceKey'],
    ...whenTyped(['deviceKey', 'servicePointID']),
  });
export type ManualReadingRequest = z.infer<typeof manualReadingRequest>;

/** A reading's photo of the meter face, by its meter and instant. */
export const readingPhotoQuery = z.object({
  servicePointID: idParam,
  at: z.iso.datetime({ offset: true, error: 'fieldNotValid' }),
});
export const readingPhotoRef = z.object({ servicePointID: id, at: z.string() });
export type ReadingPhotoRef = z.infer<typeof readingPhotoRef>;

/**
 * A reading taken at a check-in or check-out, of a meter read by hand or gone silent: read off
 * the meter, or estimated. Its value keeps the rules of any reading (`readingProblem`).
 */
export const stayReading = z.object({
  servicePointID: id,
  reading: z.union([z.number(), z.string()]).transform(String),
  estimated: z.boolean().optional().default(false),
});
/** The readings of a check-in or check-out: one a meter at most. */
export const stayReadings = z
  .array(stayReading)
  .max(2, 'invalidValue')
  .refine((r) => new Set(r.map((x) => x.servicePointID)).size === r.length, {
    message: 'fieldNotValid',
    ...whenValid(['servicePointID']),
  })
  .optional();
export type StayReading = z.output<typeof stayReading>;
export type StayReadingInput = z.input<typeof stayReading>;

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

/** The middle part of the meter's MQTT topics (docs/device-protocol.md): no '/', '+', '#' or spaces. */
export const deviceKeyField = z
  .string()
  .trim()
  .min(1, 'required')
  .max(100, 'maxLength')
  .regex(/^[A-Za-z0-9._:-]+$/, 'fieldNotValid');

/** A networked meter has a device key; one read by hand has none (the rule, and where its error shows). */
export const hasDeviceKeyUnlessReadByHand = (r: { deviceKey?: string | undefined; readByHand: boolean }) =>
  r.readByHand === (r.deviceKey === undefined);
export const deviceKeyRuleError = () => ({
  message: 'required',
  path: ['deviceKey'],
  ...whenTyped(['deviceKey', 'readByHand']),
});

export const createMeterFields = z.object({
  servicePointName: meterName,
  deviceKey: deviceKeyField.optional(),
  /** A meter without a network: its readings come from the read route or an import. */
  readByHand: z.boolean().optional().default(false),
  fk_DeviceTypeId: id,
});
export const createMeterRequest = createMeterFields.refine(hasDeviceKeyUnlessReadByHand, deviceKeyRuleError());

export const meterInventoryQuery = z.object({
  search: z.string().trim().max(50).optional().default(''),
  ...pageFields(INT_MAX),
});

/** The latest message the server refused from a meter, and why: shown to Administrators. */
export const lastRefusal = z.object({ reason: z.enum(REFUSAL_REASONS), at: z.string() }).nullable();
export type LastRefusal = z.infer<typeof lastRefusal>;

/** How a row of a table names a meter: its id, its name, its device key (none when read by hand) and its type's name. */
export const meterNaming = {
  servicePointID: id,
  servicePointName: z.string(),
  /** None for a meter read by hand. */
  deviceKey: z.string().nullable(),
  readByHand: z.boolean(),
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

/** A meter on a property's read route, in the route's order: what the person reading it needs to see. */
export const readRouteStop = z.object({
  servicePointID: id,
  locationID: id,
  locationDescription: z.string(),
  meterName: z.string(),
  unit: z.enum(['kWh', 'gal']),
  /** Read by hand; else a networked meter that has gone silent, on the route so that a walk-around covers it. */
  readByHand: z.boolean(),
  lastReading: z.string().nullable(),
  lastReadAt: z.string().nullable(),
  /** The range the next reading is expected in, from the meter's daily usage (null without history). */
  expectedMin: z.string().nullable(),
  expectedMax: z.string().nullable(),
  /** The proposal for an estimate now: the last reading plus its average use since 30 days before it (null without history). */
  estimate: z.string().nullable(),
});
export type ReadRouteStop = z.infer<typeof readRouteStop>;

/** A property's read route in a new order: its locations, first to last (those left out follow in natural order). */
export const readRouteOrderRequest = z
  .object({ siteID: id, locationIDs: z.array(id).max(10_000) })
  .refine((r) => new Set(r.locationIDs).size === r.locationIDs.length, {
    message: 'fieldNotValid',
    path: ['locationIDs'],
    ...whenTyped(['locationIDs']),
  });
