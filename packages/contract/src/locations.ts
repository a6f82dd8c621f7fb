import { z } from 'zod';
import { idParam } from './fields';
import { statementTotal } from './billing';
import { lastRefusal, meterNaming } from './meters';
import { DeviceGroup, METERED_DEVICE_GROUPS } from './constants';

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
  ...meterNaming,
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

// ---------------------------------------------------------------- the table, a page at a time

/** The status filters of the locations table; its menu shows how many locations of the property each has. */
export const STATUS_FILTERS = [
  'checkedIn',
  'vacant',
  'vacantWithUsage',
  'missing',
  'outOfService',
  'excluded',
] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

/** The columns the table sorts by: description and meters in natural order ('A-2' before 'A-10'). */
export const LOCATION_SORTS = ['description', 'meters', 'checkInOut', 'health'] as const;
export type LocationSort = (typeof LOCATION_SORTS)[number];

/** The length menu (access section 9): rows a page, or every row. */
export const PAGE_SIZE_OPTIONS = ['10', '25', '50', '100', '200', '500', 'all'] as const;
export type PageSizeOption = (typeof PAGE_SIZE_OPTIONS)[number];

/** The type dropdown beside the selection checkbox (Administrator only), in the specification's order. */
export const SELECTION_TYPES = ['select', 'all', 'allMeters', 'electric', 'water', 'cubes', 'dataCollectors'] as const;
export type SelectionType = (typeof SELECTION_TYPES)[number];

/**
 * The meter groups a selection type takes; null: every meter ('Select', the default, and
 * 'All'). Choosing a type selects the live locations with a meter of its groups (every live
 * one for 'All'); On and Off then address those meters only.
 */
export const METER_GROUPS_OF_TYPE: Readonly<Record<SelectionType, readonly number[] | null>> = {
  select: null,
  all: null,
  allMeters: METERED_DEVICE_GROUPS,
  electric: [DeviceGroup.Electric, DeviceGroup.Metered],
  water: [DeviceGroup.Water],
  cubes: [DeviceGroup.Cube],
  dataCollectors: [DeviceGroup.DataCollector],
};

const search = z.string().trim().max(100, 'maxLength').default('');

/**
 * One page of a property's locations table: searched (the fields the row shows: description,
 * public name, account, guest, type, meters), filtered by status, sorted and paged by the
 * server. With `locationID`, the page that holds that location (after an action, to show it).
 */
export const locationsPageQuery = z.object({
  siteID: idParam,
  search,
  status: z.enum(STATUS_FILTERS).optional(),
  sort: z.enum(LOCATION_SORTS).default('description'),
  dir: z.enum(['asc', 'desc']).default('asc'),
  pageIndex: z.coerce.number().int().min(0).max(1_000_000).default(0),
  pageSize: z.enum(PAGE_SIZE_OPTIONS).default('25'),
  locationID: idParam.optional(),
});
export type LocationsPageQuery = z.input<typeof locationsPageQuery>;

const count = z.int32();

export const locationsPage = z.object({
  rows: z.array(locationRow),
  /** The page these rows are: the one asked for, the last there is when it asked beyond, or the one holding `locationID`. */
  pageIndex: count,
  /** Locations the search and the status match (the m of 'Select All m' counts the live ones: `selectable.all`). */
  total: count,
  /** Every location of the property. */
  propertyTotal: count,
  /** Locations of the whole property in each status (the filter menu). */
  statusCounts: z.object({
    checkedIn: count,
    vacant: count,
    vacantWithUsage: count,
    missing: count,
    outOfService: count,
    excluded: count,
  }),
  /** Live locations the search and the status match that each selection type selects ('Select' selects as 'All'). */
  selectable: z.object({
    all: count,
    allMeters: count,
    electric: count,
    water: count,
    cubes: count,
    dataCollectors: count,
  }),
});
export type LocationsPage = z.infer<typeof locationsPage>;

/** At most this many ids in a selection's lists. */
const MAX_SELECTION_IDS = 5000;

/**
 * Locations of one property the toolbar acts on, resolved by the server inside the caller's
 * scope: with `all`, every live location the search, status and type match but `exceptIDs`
 * (the table's 'Select All m' across pages); and the live locations `locationIDs` names. The
 * type also decides which of their meters On, Off and Monitoring address.
 */
export const locationSelection = z.object({
  siteID: id,
  all: z.boolean().default(false),
  search,
  status: z.enum(STATUS_FILTERS).nullable().default(null),
  type: z.enum(SELECTION_TYPES).default('select'),
  locationIDs: z.array(id).max(MAX_SELECTION_IDS).default([]),
  exceptIDs: z.array(id).max(MAX_SELECTION_IDS).default([]),
});
export type LocationSelection = z.input<typeof locationSelection>;

export const switchSelectionRequest = z.object({
  selection: locationSelection,
  requestedState: z.union([z.literal(0), z.literal(1)]),
});
export const moveSelectionRequest = z.object({ selection: locationSelection, SiteId: id });
export const monitorSelectionRequest = z.object({ selection: locationSelection, ExcludeFromMonitoring: z.boolean() });

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
  /** A reading the stay opens or closes at was estimated (shown "Estimated"). */
  estimated: z.boolean(),
  /** The stay's statement total (features/billing). */
  statementTotal,
  /**
   * Where the stay's meters' series broke, from its check-in until the next stay's (during the
   * stay and the vacancy after it), newest first: a manual reset, a meter replaced or reset in
   * the field (a new baseline), a register rollover (docs/decisions/0056-totals-that-go-down.md, "Totals that go down").
   */
  meterEvents: z.array(
    z.object({
      readDateTime: isoDate,
      servicePointName: z.string(),
      /** A reset, a replaced meter, a rollover, or a rise held back as faster than the meter delivers. */
      kind: z.enum(['reset', 'baseline', 'rollover', 'suspect']),
      reading: z.number(),
      /** The meter's total before, the one the reading is not counted from; null for its first. */
      previousReading: z.number().nullable(),
    }),
  ),
});
export type StayHistoryRow = z.infer<typeof stayHistoryRow>;

export const monitoringRequest = z.object({ LocationId: id, ServicePointID: id, ExcludeFromMonitoring: z.boolean() });
export const bulkMonitoringRequest = z.array(monitoringRequest).min(1).max(4000);
