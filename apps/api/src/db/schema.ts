/**
 * The whole data model. Column names are snake_case in the database (Drizzle `casing`),
 * camelCase here; the API's field names are mapped in each feature's presenter.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  time,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { CONNECTION_STATES, type FeePeriod, type FrozenStatement, type TaxBase } from '@portal/contract';
import { naturalKey } from './natural-key';

const tstz = (name?: string) =>
  name ? timestamp(name, { withTimezone: true, mode: 'date' }) : timestamp({ withTimezone: true, mode: 'date' });
const createdAt = () => tstz().notNull().defaultNow();
/** Readings and money: 12 integer digits, 6 decimals, read as strings to keep precision. */
const quantity = () => numeric({ precision: 18, scale: 6 });
/** A reading or usage column holds a number from 0 to its largest (never NaN, Infinity or below 0). */
const inRange = (name: string, column: AnyPgColumn) => check(name, sql`${column} between 0 and 999999999999.999999`);

/** Bytes (PGlite reads them as a Uint8Array, pg as a Buffer, which is one). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

// ---------------------------------------------------------------- lookups

export const countries = pgTable('countries', {
  id: integer().primaryKey(),
  name: text().notNull(),
  iso2: text().notNull().unique(),
});

export const states = pgTable(
  'states',
  {
    id: integer().primaryKey(),
    countryId: integer()
      .notNull()
      .references(() => countries.id),
    name: text().notNull(),
    abbreviation: text().notNull(),
  },
  (t) => [uniqueIndex().on(t.countryId, t.abbreviation)],
);

export const timeZones = pgTable('time_zones', {
  name: text().primaryKey(), // IANA name, e.g. America/Denver
  displayName: text().notNull(),
});

export const roles = pgTable('roles', {
  id: smallint().primaryKey(),
  name: text().notNull(),
});

export const locationTypes = pgTable('location_types', {
  id: integer().primaryKey(),
  name: text().notNull(),
});

export const deviceTypeGroups = pgTable('device_type_groups', {
  id: integer().primaryKey(),
  name: text().notNull(),
});

export const deviceTypes = pgTable(
  'device_types',
  {
    id: integer().primaryKey(),
    name: text().notNull(),
    displayName: text().notNull(),
    groupId: integer()
      .notNull()
      .references(() => deviceTypeGroups.id),
    /** kWh or gal: the unit of the cumulative total the device reports. */
    unit: text().notNull(),
    supportsResetReading: boolean().notNull().default(false),
    /** The most a meter of the type can deliver in an hour, in its unit: a faster rise is suspect (docs/decisions/). */
    maxRatePerHour: numeric({ precision: 12, scale: 3 }).notNull().default('12'),
  },
  (t) => [check('max_rate_positive', sql`${t.maxRatePerHour} > 0`)],
);

export const capabilities = pgTable('capabilities', {
  id: integer().primaryKey(),
  displayName: text().notNull(),
  /** 1 = disconnect type: the meter switches all services together. */
  capabilityType: smallint().notNull(),
});

export const deviceTypeCapabilities = pgTable(
  'device_type_capabilities',
  {
    deviceTypeId: integer()
      .notNull()
      .references(() => deviceTypes.id),
    capabilityId: integer()
      .notNull()
      .references(() => capabilities.id),
  },
  (t) => [primaryKey({ columns: [t.deviceTypeId, t.capabilityId] })],
);

export const partners = pgTable('partners', {
  id: integer().primaryKey(),
  name: text().notNull().unique(),
});

export const reportTypes = pgTable('report_types', {
  id: integer().primaryKey(),
  name: text().notNull(),
  columnHeaders: text().notNull(),
  displayOrder: integer().notNull(),
  /** Names a report query registered on the server; anything else is refused. */
  storedProcedureCalled: text().notNull(),
  needsLocation: boolean().notNull().default(false),
});

// ---------------------------------------------------------------- businesses and sites

export const businessEntities = pgTable(
  'business_entities',
  {
    id: serial().primaryKey(),
    legalName: text().notNull(),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [uniqueIndex('business_entities_legal_name_key').on(sql`lower(${t.legalName})`)],
);

export const sites = pgTable(
  'sites',
  {
    id: serial().primaryKey(),
    busEntityId: integer()
      .notNull()
      .references(() => businessEntities.id),
    publicName: text().notNull(),
    billingName: text(),
    physicalAddrLine1: text().notNull(),
    physicalAddrLine2: text(),
    physicalCity: text().notNull(),
    physicalZip: text().notNull(),
    physicalStateId: integer()
      .notNull()
      .references(() => states.id),
    physicalCountryId: integer()
      .notNull()
      .references(() => countries.id),
    billingAddrLine1: text(),
    billingAddrLine2: text(),
    billingCity: text(),
    billingZip: text(),
    billingStateId: integer().references(() => states.id),
    billingCountryId: integer().references(() => countries.id),
    timeZone: text()
      .notNull()
      .references(() => timeZones.name),
    /**
     * Time of day in the site's own time zone. The specification says UTC, but a fixed UTC
     * time would move the local checkout by an hour across daylight saving.
     */
    defaultCheckoutTime: time().notNull().default('11:00'),
    excludeFromMonitoring: boolean().notNull().default(false),
    /** When its PMS's guests are checked in (RESERVATION_CHECK_INS): when the PMS says they arrived, or at arrival. */
    reservationCheckIn: text({ enum: ['whenArrived', 'atArrivalTime'] })
      .notNull()
      .default('whenArrived'),
    inCheckOutState: boolean().notNull().default(false),
    propertyKey: text(),
    /** Deleted properties are archived: hidden from lists, kept for reports. */
    deletedAt: tstz(),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [index().on(t.busEntityId), uniqueIndex().on(t.propertyKey)],
);

export const siteSettings = pgTable(
  'site_settings',
  {
    id: serial().primaryKey(),
    siteId: integer()
      .notNull()
      .references(() => sites.id),
    weekStart: smallint().notNull().default(1),
    billingRate: numeric({ precision: 12, scale: 2 }).notNull().default('0'),
    waterBillingRate: numeric({ precision: 12, scale: 2 }).notNull().default('0'),
    dayStart: time().notNull().default('09:00'),
    dayEnd: time().notNull().default('18:00'),
    active: boolean().notNull().default(true),
    // the detection rules' thresholds (contract `alertThresholdFields`, docs/alerts.md)
    leakGallonsPerHour: numeric({ precision: 12, scale: 2 }).notNull().default('1'),
    leakHours: smallint().notNull().default(24),
    nightFlowGallons: numeric({ precision: 12, scale: 2 }).notNull().default('5'),
    abnormalMultiple: numeric({ precision: 6, scale: 1 }).notNull().default('3'),
    vacantKwhPerHour: numeric({ precision: 12, scale: 2 }).notNull().default('1'),
    unbilledKwhPerDay: numeric({ precision: 12, scale: 2 }).notNull().default('3'),
    unbilledGallonsPerDay: numeric({ precision: 12, scale: 2 }).notNull().default('50'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex().on(t.siteId),
    check('week_start_range', sql`${t.weekStart} between 1 and 7`),
    check('day_order', sql`${t.dayEnd} >= ${t.dayStart}`),
  ],
);

export const siteIntegrations = pgTable(
  'site_integrations',
  {
    id: serial().primaryKey(),
    siteId: integer()
      .notNull()
      .references(() => sites.id),
    partnerId: integer()
      .notNull()
      .references(() => partners.id),
    partnerPropertyKey: text().notNull(),
  },
  (t) => [uniqueIndex().on(t.siteId, t.partnerId)],
);

// ---------------------------------------------------------------- locations and meters

export const locations = pgTable(
  'locations',
  {
    id: serial().primaryKey(),
    siteId: integer()
      .notNull()
      .references(() => sites.id),
    description: text().notNull(),
    /** The description's key in natural order, kept by the database on every write (the table sorts by it). */
    sortKey: text()
      .notNull()
      .generatedAlwaysAs((): SQL => naturalKey(sql`${locations.description}`)),
    /** The name printed on the pedestal; the public meter page looks it up. */
    publicName: text().notNull(),
    accountNumber: text(),
    locationTypeId: integer().references(() => locationTypes.id),
    isCheckedIn: boolean().notNull().default(false),
    autoCheckoutAt: tstz(),
    isRetryState: boolean().notNull().default(false),
    /** Its place on the property's read route, when staff reordered it; else the natural order of descriptions. */
    routePosition: integer(),
    deleted: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    index().on(t.siteId, t.description),
    // Reports and searches name a location by its description: one per property, ignoring case and spaces (descriptionKey).
    uniqueIndex('locations_site_description_key').on(
      t.siteId,
      sql`lower(regexp_replace(${t.description}, '[[:space:]]+', '', 'g'))`,
    ),
    uniqueIndex('locations_public_name_key').on(sql`upper(${t.publicName})`),
    index('locations_auto_checkout_idx')
      .on(t.autoCheckoutAt)
      .where(sql`${t.isCheckedIn} and ${t.autoCheckoutAt} is not null`),
  ],
);

export const servicePoints = pgTable(
  'service_points',
  {
    id: serial().primaryKey(),
    /** The meter's serial number, 7 characters. */
    name: text().notNull(),
    /** The name's key in natural order, kept by the database on every write (the locations table sorts by meters). */
    sortKey: text()
      .notNull()
      .generatedAlwaysAs((): SQL => naturalKey(sql`${servicePoints.name}`)),
    /** The middle part of the meter's MQTT topics; none for a meter read by hand. */
    deviceKey: text(),
    /** A meter without a device key: its readings come from a person (the read route, an import), never a device. */
    readByHand: boolean()
      .notNull()
      .generatedAlwaysAs((): SQL => sql`${servicePoints.deviceKey} is null`),
    deviceTypeId: integer()
      .notNull()
      .references(() => deviceTypes.id),
    locationId: integer().references(() => locations.id),
    /** 1 or 2 while on a location: with the unique index, at most two meters a location. */
    slot: smallint(),
    activeInd: smallint().notNull().default(1),
    excludeFromMonitoring: boolean().notNull().default(false),
    isMissingDevice: boolean().notNull().default(false),
    /** What the meter last said of its MQTT connection: 'online', or 'offline' by its Last Will; null: never. */
    connectionState: text({ enum: CONNECTION_STATES }),
    /** When the server received that status: a status received before it changes nothing. */
    connectionChangedAt: tstz(),
    lastSeenAt: tstz(),
    lastReading: quantity(),
    lastReadingAt: tstz(),
    /** All usage ever counted for the meter (the sum of its daily roll-up), kept for the Total column. */
    usageTotal: quantity().notNull().default('0'),
    /** The meter's own maximum rate (its service rating or flow), when it is not its type's. */
    maxRatePerHour: numeric({ precision: 12, scale: 3 }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex().on(t.name),
    // The public meter page looks a meter up by its number without regard to case.
    index('service_points_name_upper_idx').on(sql`upper(${t.name})`),
    uniqueIndex().on(t.deviceKey),
    uniqueIndex().on(t.locationId, t.slot),
    // the few meters out of service or missing: My Properties counts them for every property
    index('service_points_unwell_idx')
      .on(t.locationId)
      .where(sql`${t.activeInd} <> 1 or ${t.isMissingDevice}`),
    check(
      'slot_with_location',
      sql`(${t.locationId} is null) = (${t.slot} is null) and (${t.slot} is null or ${t.slot} in (1, 2))`,
    ),
    check('name_length', sql`char_length(${t.name}) = 7`),
    check('active_ind_range', sql`${t.activeInd} in (0, 1, 2)`),
    inRange('last_reading_range', t.lastReading),
    inRange('usage_total_range', t.usageTotal),
    check('max_rate_positive', sql`${t.maxRatePerHour} > 0`),
    check(
      'connection_state_known',
      sql`${t.connectionState} in ('online', 'offline') and (${t.connectionState} is null) = (${t.connectionChangedAt} is null)`,
    ),
  ],
);

export const servicePointCapabilities = pgTable(
  'service_point_capabilities',
  {
    id: serial().primaryKey(),
    servicePointId: integer()
      .notNull()
      .references(() => servicePoints.id, { onDelete: 'cascade' }),
    capabilityId: integer()
      .notNull()
      .references(() => capabilities.id),
    /** Last confirmed relay state: 1 on, 0 off. */
    status: smallint().notNull().default(0),
    /** The state the portal wants the relay in (docs/decisions/0052-commands-end-in-the-state-the-portal-wants.md, "Commands end in the state the portal wants"). */
    desiredState: smallint().notNull().default(0),
    /**
     * The relay's current command (a device_control_messages id): the latest sent to it. Only
     * its answer or time-out ends the relay's wait; an earlier command's answer only tells
     * the relay's real state.
     */
    commandId: bigint({ mode: 'number' }),
    apiCapabilityResponse: text(),
    updatedAt: createdAt(),
  },
  (t) => [uniqueIndex().on(t.servicePointId, t.capabilityId)],
);

/**
 * What a reading is among its meter's readings (docs/decisions/0056-totals-that-go-down.md, "Totals that go down",
 * "Rises a meter cannot deliver"): a rise or the first reading, a manual reset, a lower total
 * whose next reading has not come yet, a one-off total off the meter's line, a new baseline (a
 * meter replaced or reset in the field), a register rollover, a rise the meter cannot deliver
 * that nothing has decided yet, a reading staff discarded. Set by the rule
 * (features/meters/rule.ts).
 */
export const readingKind = pgEnum('reading_kind', [
  'normal',
  'reset',
  'drop',
  'glitch',
  'baseline',
  'rollover',
  'suspect',
  'discarded',
]);

/** Cumulative totals as the device reported them, each with the usage it adds. */
export const meterReadings = pgTable(
  'meter_readings',
  {
    servicePointId: integer()
      .notNull()
      .references(() => servicePoints.id),
    readAt: tstz().notNull(),
    total: quantity().notNull(),
    /** A manual reset: this reading starts a new baseline, usage across it is zero. */
    isReset: boolean().notNull().default(false),
    kind: readingKind().notNull().default('normal'),
    /** The usage this reading adds over the meter's previous readings; every usage figure sums it. */
    usage: quantity().notNull().default('0'),
    /** What staff decided of a rise held back as faster than the meter delivers: it counts as read, or not at all. */
    decision: text().$type<'confirmed' | 'discarded'>(),
    /** Not read off the meter: proposed from its history (a hand read skipped, a silent meter at check-out). */
    estimated: boolean().notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.servicePointId, t.readAt] }),
    // the few readings that break a meter's series: reports and the location history find them by key
    index('meter_readings_events_idx')
      .on(t.servicePointId, t.readAt)
      .where(sql`${t.kind} <> 'normal'`),
    inRange('total_range', t.total),
    inRange('usage_range', t.usage),
    check('decision_known', sql`${t.decision} in ('confirmed', 'discarded')`),
  ],
);

/** The photo of a meter's face a person took with a hand reading: kept with it, shown in its history and the staff statement. */
export const readingPhotos = pgTable(
  'reading_photos',
  {
    servicePointId: integer()
      .notNull()
      .references(() => servicePoints.id),
    readAt: tstz().notNull(),
    contentType: text().$type<'image/jpeg' | 'image/png'>().notNull(),
    bytes: bytea().notNull(),
    userAccountId: integer().references(() => userAccounts.id),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.servicePointId, t.readAt] }),
    check('photo_type_known', sql`${t.contentType} in ('image/jpeg', 'image/png')`),
  ],
);

/** Usage per meter per local day of its site, maintained as readings arrive. */
export const dailyUsage = pgTable(
  'daily_usage',
  {
    servicePointId: integer()
      .notNull()
      .references(() => servicePoints.id),
    day: date({ mode: 'string' }).notNull(),
    usage: quantity().notNull().default('0'),
    /**
     * The meter's usage of all earlier days, set when the day's row is written: usage since
     * any day is then the meter's total minus this figure of its first row from that day on.
     */
    totalBefore: quantity().notNull().default('0'),
    firstReading: quantity().notNull(),
    lastReading: quantity().notNull(),
    lastReadAt: tstz().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.servicePointId, t.day] }),
    index().on(t.day),
    inRange('usage_range', t.usage),
    inRange('total_before_range', t.totalBefore),
    inRange('first_reading_range', t.firstReading),
    inRange('last_reading_range', t.lastReading),
  ],
);

/**
 * Usage per property per local day, where it was used (a location moved later leaves its
 * past days here), maintained with the meters' roll-up: the dashboard's chart reads 30 rows
 * a property instead of 30 a meter.
 */
export const siteDailyUsage = pgTable(
  'site_daily_usage',
  {
    siteId: integer()
      .notNull()
      .references(() => sites.id),
    day: date({ mode: 'string' }).notNull(),
    kwh: quantity().notNull().default('0'),
    gallons: quantity().notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.day] })],
);

/**
 * Usage per meter per hour (UTC hour start), maintained with the daily roll-up and kept for
 * the recent days only: the leak and draw rules read the last day's hours from here.
 */
export const hourlyUsage = pgTable(
  'hourly_usage',
  {
    servicePointId: integer()
      .notNull()
      .references(() => servicePoints.id),
    hour: tstz().notNull(),
    usage: quantity().notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.servicePointId, t.hour] }), index().on(t.hour), inRange('usage_range', t.usage)],
);

export const deviceControlMessages = pgTable(
  'device_control_messages',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    servicePointId: integer()
      .notNull()
      .references(() => servicePoints.id),
    capabilityId: integer().references(() => capabilities.id),
    requestedState: smallint().notNull(),
    /** queued → sent → acked | failed | timed_out */
    state: text().notNull().default('queued'),
    resultCode: integer(),
    requestedByUserId: integer(),
    createdAt: createdAt(),
    sentAt: tstz(),
    responseReceivedAt: tstz(),
  },
  (t) => [
    index().on(t.servicePointId, t.id),
    index('device_control_messages_open_idx')
      .on(t.state)
      .where(sql`${t.state} in ('queued', 'sent')`),
  ],
);

// ---------------------------------------------------------------- guests and stays

/** A guest belongs to the business whose property they stayed at; another business never sees or edits them. */
export const guests = pgTable(
  'guests',
  {
    id: serial().primaryKey(),
    busEntityId: integer()
      .notNull()
      .references(() => businessEntities.id),
    mobileNumber: text().notNull(),
    firstName: text().notNull(),
    lastName: text(),
    email: text(),
    createdByUserAccountId: integer(),
    createdAt: createdAt(),
  },
  (t) => [index('guests_mobile_idx').on(sql`${t.mobileNumber} text_pattern_ops`)],
);

export const stays = pgTable(
  'stays',
  {
    id: serial().primaryKey(),
    locationId: integer()
      .notNull()
      .references(() => locations.id),
    /** The site at check-in: a moved location keeps its stays under the old property. */
    siteId: integer()
      .notNull()
      .references(() => sites.id),
    guestId: integer().references(() => guests.id),
    checkinAt: tstz().notNull(),
    checkoutAt: tstz(),
    autoCheckoutAt: tstz(),
    checkedInByUserId: integer(),
    checkedOutByUserId: integer(),
    /** The PMS reservation it was checked in for (features/integrations/reservations.ts). */
    reservationId: integer(),
    totalUsage: quantity(),
    /**
     * The guest link (`/statement/{token}`): its token is derived from the server's secret and this
     * generation (features/billing/links.ts), so staff can show it again; a new link moves it on.
     */
    statementLinkGeneration: integer().notNull().default(0),
    /** SHA-256 (hex) of the current link's token: the token itself is never stored. */
    statementTokenHash: text(),
    /** SHA-256 of an older token that works beside it: one from before hashing, or before a change of the secret. */
    statementLegacyTokenHash: text(),
    statementRevokedAt: tstz(),
    /** The statement as check-out froze it (features/billing); null while open, or until the job freezes an older stay's. */
    statement: jsonb().$type<FrozenStatement>(),
    /** Its total, for sums over many stays. */
    statementTotal: numeric({ precision: 14, scale: 2 }),
  },
  (t) => [
    inRange('total_usage_range', t.totalUsage),
    uniqueIndex('stays_statement_token_hash').on(t.statementTokenHash),
    uniqueIndex('stays_statement_legacy_token_hash').on(t.statementLegacyTokenHash),
    // the closed stays whose statement the job has yet to freeze: found without reading the rest
    index('stays_statement_unfrozen')
      .on(t.id)
      .where(sql`${t.checkoutAt} is not null and ${t.statement} is null`),
    index().on(t.locationId, t.checkinAt),
    index().on(t.siteId, t.checkinAt),
    uniqueIndex('stays_one_open_per_location')
      .on(t.locationId)
      .where(sql`${t.checkoutAt} is null`),
    // a reservation checks in one stay, however many times it is sent
    uniqueIndex('stays_one_per_reservation')
      .on(t.reservationId)
      .where(sql`${t.reservationId} is not null`),
  ],
);

/**
 * A property's prices from a moment on (features/billing). A version is never changed: a new
 * one takes effect at its own moment, so a stay keeps the version in effect at its check-in.
 */
export const tariffVersions = pgTable(
  'tariff_versions',
  {
    id: serial().primaryKey(),
    siteId: integer()
      .notNull()
      .references(() => sites.id),
    effectiveFrom: tstz().notNull(),
    currency: text().notNull().default('USD'),
    electricRate: numeric({ precision: 11, scale: 6 }).notNull(),
    waterRate: numeric({ precision: 11, scale: 6 }).notNull(),
    electricBlocks: jsonb().$type<Array<{ upToKwh: string; rate: string }>>().notNull().default([]),
    fees: jsonb().$type<Array<{ name: string; amount: string; per: FeePeriod }>>().notNull().default([]),
    minimumCharge: numeric({ precision: 9, scale: 2 }),
    taxes: jsonb().$type<Array<{ name: string; percent: string; appliesTo: TaxBase }>>().notNull().default([]),
    createdByUserId: integer(),
    createdAt: createdAt(),
  },
  (t) => [
    // one version a property and moment: which rate a stay gets never depends on a tie-break
    uniqueIndex('tariff_versions_site_moment').on(t.siteId, t.effectiveFrom),
    check(
      'tariff_rates_range',
      sql`${t.electricRate} >= 0 and ${t.waterRate} >= 0 and coalesce(${t.minimumCharge}, 0) >= 0`,
    ),
  ],
);

/** Opening and closing readings of each meter for a stay. */
export const stayMeters = pgTable(
  'stay_meters',
  {
    stayId: integer()
      .notNull()
      .references(() => stays.id, { onDelete: 'cascade' }),
    servicePointId: integer()
      .notNull()
      .references(() => servicePoints.id),
    openingReading: quantity(),
    closingReading: quantity(),
    usage: quantity(),
  },
  (t) => [
    primaryKey({ columns: [t.stayId, t.servicePointId] }),
    // the stays a late or reclassified reading of a meter may change
    index().on(t.servicePointId),
    inRange('opening_reading_range', t.openingReading),
    inRange('closing_reading_range', t.closingReading),
    inRange('usage_range', t.usage),
  ],
);

/**
 * A closed stay whose figures a reading may have changed since its statement was frozen (a
 * late reading, a suspect rise decided, a reading confirmed or discarded): the statement is
 * worked out again and, where it differs, revised (features/billing `reviseStatements`).
 */
export const statementReviews = pgTable('statement_reviews', {
  stayId: integer()
    .primaryKey()
    .references(() => stays.id, { onDelete: 'cascade' }),
  /** Why (`StatementRevisionReason`): the revision says it. */
  reason: text().notNull(),
  /** Who caused it; null for a device or the server itself. */
  userAccountId: integer(),
  requestedAt: createdAt(),
});

/** The revisions of a statement that a later one replaced, kept as they were (the current one is `stays.statement`). */
export const statementRevisions = pgTable(
  'statement_revisions',
  {
    stayId: integer()
      .notNull()
      .references(() => stays.id, { onDelete: 'cascade' }),
    revision: integer().notNull(),
    statement: jsonb().$type<FrozenStatement>().notNull(),
    supersededAt: tstz().notNull(),
  },
  (t) => [primaryKey({ columns: [t.stayId, t.revision] })],
);

/** Meters whose stored readings the usage rule is to walk again since it changed (a job empties it). */
export const reclassifyQueue = pgTable('reclassify_queue', {
  servicePointId: integer().primaryKey(),
});

// ---------------------------------------------------------------- alerts

export const systemAlerts = pgTable(
  'system_alerts',
  {
    id: serial().primaryKey(),
    /** What happened: the alert's message code (`alertKinds` in the contract). */
    kind: text().notNull(),
    /** The figures of the message (times, totals, usage); the names come from the meter, its location and property when read. */
    params: jsonb().$type<Record<string, string | number | null>>().notNull().default({}),
    siteId: integer().references(() => sites.id),
    servicePointId: integer().references(() => servicePoints.id),
    createdAt: createdAt(),
    acknowledgedAt: tstz(),
    acknowledgedBy: integer().references(() => userAccounts.id),
    /** What the person who acknowledged it wrote. */
    note: text(),
    resolvedAt: tstz(),
    /** What the person who resolved it wrote (the acknowledgement's note stays). */
    resolutionNote: text(),
    /** Who resolved it by hand; null when its condition cleared. */
    resolvedBy: integer().references(() => userAccounts.id),
    /** When the notification job handed it to its subscribers (null: not yet). */
    notifiedAt: tstz(),
    /** When its resolution was told to the property's webhooks (null: not yet, or not resolved). */
    resolutionToldAt: tstz(),
  },
  (t) => [
    index('system_alerts_open_idx')
      .on(t.siteId)
      .where(sql`${t.resolvedAt} is null`),
    index('system_alerts_site_created_idx').on(t.siteId, t.createdAt),
    index('system_alerts_unnotified_idx')
      .on(t.createdAt)
      .where(sql`${t.notifiedAt} is null`),
    index('system_alerts_resolution_untold_idx')
      .on(t.resolvedAt)
      .where(sql`${t.resolvedAt} is not null and ${t.resolutionToldAt} is null`),
    uniqueIndex('system_alerts_one_open')
      .on(t.kind, t.servicePointId)
      .where(sql`${t.resolvedAt} is null`),
    // an alert of no meter (the broker's dropped messages): one open a kind, which the index above cannot say (nulls differ)
    uniqueIndex('system_alerts_one_open_unmetered')
      .on(t.kind)
      .where(sql`${t.resolvedAt} is null and ${t.servicePointId} is null`),
  ],
);

/**
 * Messages refused at the device edge, counted per device key (a meter's, or an unknown
 * one) and reason. `loggedAt` is when the server last wrote the refusals of that key and
 * reason to its log: once an interval, however many messages come.
 */
export const meterRefusals = pgTable(
  'meter_refusals',
  {
    deviceKey: text().notNull(),
    reason: text().notNull(),
    count: bigint({ mode: 'number' }).notNull(),
    firstAt: tstz().notNull(),
    lastAt: tstz().notNull(),
    /** What was wrong with the latest refused message, for the log and for support; never shown as it came. */
    lastDetail: text().notNull(),
    loggedAt: tstz().notNull(),
  },
  (t) => [primaryKey({ columns: [t.deviceKey, t.reason] })],
);

/**
 * The broker's dropped-message counter (MQTT_DROPPED_TOPIC) as last counted: how many, and when
 * an instance read it. Every instance reads it; the one that finds it grown raises the alert.
 */
export const brokerDrops = pgTable('broker_drops', {
  topic: text().primaryKey(),
  count: bigint({ mode: 'number' }).notNull(),
  readAt: tstz().notNull(),
});

// ---------------------------------------------------------------- users

export const contacts = pgTable('contacts', {
  id: serial().primaryKey(),
  email: text().notNull(),
  firstName: text().notNull(),
  middleName: text(),
  lastName: text().notNull(),
  cellPhone: text(),
  businessPhone: text(),
  businessExt: text(),
});

export const userAccounts = pgTable(
  'user_accounts',
  {
    id: serial().primaryKey(),
    contactId: integer()
      .notNull()
      .references(() => contacts.id),
    email: text().notNull(),
    username: text(),
    passwordHash: text(),
    roleId: smallint()
      .notNull()
      .references(() => roles.id),
    busEntityId: integer().references(() => businessEntities.id),
    active: boolean().notNull().default(true),
    /** Raised to end every session of the account (deactivation, password change). */
    tokenVersion: integer().notNull().default(0),
    lastLoginAt: tstz(),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    uniqueIndex('user_accounts_email_key').on(sql`lower(${t.email})`),
    uniqueIndex('user_accounts_username_key').on(sql`lower(${t.username})`),
    uniqueIndex().on(t.contactId),
    index().on(t.busEntityId),
  ],
);

export const userAccountSites = pgTable(
  'user_account_sites',
  {
    userAccountId: integer()
      .notNull()
      .references(() => userAccounts.id, { onDelete: 'cascade' }),
    siteId: integer()
      .notNull()
      .references(() => sites.id),
  },
  (t) => [primaryKey({ columns: [t.userAccountId, t.siteId] }), index().on(t.siteId)],
);

export const passwordTokens = pgTable(
  'password_tokens',
  {
    id: serial().primaryKey(),
    userAccountId: integer()
      .notNull()
      .references(() => userAccounts.id, { onDelete: 'cascade' }),
    /** SHA-256 of the token; the token itself exists only in the e-mail. */
    tokenHash: text().notNull(),
    purpose: text().notNull(), // reset | invite
    expiresAt: tstz().notNull(),
    usedAt: tstz(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex().on(t.tokenHash)],
);

/**
 * A signed-in session: what a token's `sid` names. It ends at its absolute lifetime, on
 * sign-out, or when a rotated-out token is used to refresh (a copy is in other hands).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text().primaryKey(),
    userAccountId: integer()
      .notNull()
      .references(() => userAccounts.id),
    /** Rises at each refresh; only the newest token (and for a moment the one before) is good. */
    generation: integer().notNull().default(0),
    createdAt: createdAt(),
    /**
     * When a call first came with the newest token; null until then. The token before it stays
     * good until this moment plus the grace, so a refresh whose answer was lost ends nothing.
     */
    newestUsedAt: tstz(),
    expiresAt: tstz().notNull(),
    revokedAt: tstz(),
  },
  (t) => [index().on(t.userAccountId), index().on(t.expiresAt)],
);

/**
 * Failed sign-ins per key: an e-mail typed from one client address, or the address alone.
 * Keyed by what was typed, not by account, so unknown e-mails slow down like known ones.
 */
export const signInThrottles = pgTable('sign_in_throttles', {
  key: text().primaryKey(),
  failures: integer().notNull(),
  lastFailureAt: tstz().notNull(),
  blockedUntil: tstz(),
});

/**
 * The answer to a create call or a device command sent with an Idempotency-Key, kept a day so
 * a retry after a cut connection gets it again instead of doing the work twice.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userAccountId: integer().notNull(),
    key: text().notNull(),
    /** The method, path and input it was first sent with: the key cannot be reused for another request. */
    fingerprint: text().notNull(),
    /** Null while the first request is still running. */
    status: integer(),
    answer: jsonb(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userAccountId, t.key] }), index().on(t.createdAt)],
);

/**
 * A business's API keys (features/integrations): the key itself is never stored, only its
 * SHA-256 (a key is 256 random bits, so a fast hash is enough) and its first characters to
 * find it by and to tell keys apart.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial().primaryKey(),
    busEntityId: integer()
      .notNull()
      .references(() => businessEntities.id),
    name: text().notNull(),
    prefix: text().notNull(),
    hash: text().notNull(),
    scopes: text().array().notNull(),
    /** The properties it may touch (of its business; a deleted one drops out). */
    siteIds: integer().array().notNull(),
    createdByUserAccountId: integer()
      .notNull()
      .references(() => userAccounts.id),
    createdAt: createdAt(),
    expiresAt: tstz(),
    revokedAt: tstz(),
    lastUsedAt: tstz(),
    lastUsedIp: text(),
  },
  (t) => [uniqueIndex().on(t.prefix), index().on(t.busEntityId)],
);

/** A property's webhook endpoints (features/integrations/webhooks.ts). */
export const webhooks = pgTable(
  'webhooks',
  {
    id: serial().primaryKey(),
    siteId: integer()
      .notNull()
      .references(() => sites.id),
    url: text().notNull(),
    events: text().array().notNull(),
    /** `whsec_…`, as Standard Webhooks writes a secret. */
    secret: text().notNull(),
    /** The secret before the last rotation, still signing until `previousSecretUntil`. */
    previousSecret: text(),
    previousSecretUntil: tstz(),
    createdByUserAccountId: integer().references(() => userAccounts.id),
    createdAt: createdAt(),
    failingSince: tstz(),
    disabledAt: tstz(),
  },
  (t) => [index().on(t.siteId)],
);

/**
 * The outbox of webhook events: written in the transaction of the change they tell of, only
 * when some endpoint of the property listens for them. `stay_id` orders the events of a stay.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    siteId: integer()
      .notNull()
      .references(() => sites.id),
    type: text().notNull(),
    data: jsonb().notNull(),
    stayId: integer(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.siteId, t.createdAt)],
);

/** One event to one endpoint: its attempts, until delivered or failed. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    webhookId: integer()
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    eventId: bigint({ mode: 'number' })
      .notNull()
      .references(() => webhookEvents.id),
    /** The event's stay (copied here so the order per stay is one index away). */
    stayId: integer(),
    status: text({ enum: ['pending', 'delivered', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: tstz().notNull(),
    lastAttemptAt: tstz(),
    lastStatusCode: integer(),
    lastResponse: text(),
    deliveredAt: tstz(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex().on(t.webhookId, t.eventId),
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index().on(t.webhookId, t.stayId, t.eventId),
  ],
);

/**
 * A reservation sent by a park management system (features/integrations/reservations.ts), by
 * the PMS's own id. The stay it checked in names it (`stays.reservation_id`).
 */
export const reservations = pgTable(
  'reservations',
  {
    id: serial().primaryKey(),
    siteId: integer()
      .notNull()
      .references(() => sites.id),
    externalId: text().notNull(),
    /** As the PMS named it; `locationId` when it names a location of the property. */
    locationDescription: text().notNull(),
    locationId: integer().references(() => locations.id),
    arrival: tstz().notNull(),
    departure: tstz().notNull(),
    guest: jsonb().$type<{ firstName: string; lastName: string; phone: string; email: string }>().notNull(),
    status: text({ enum: ['booked', 'arrived', 'departed', 'cancelled'] }).notNull(),
    /** The message code of what stops the portal doing what it asks; null when nothing does. */
    conflict: text(),
    apiKeyId: integer().references(() => apiKeys.id),
    source: text().notNull(),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [uniqueIndex().on(t.siteId, t.externalId), index().on(t.siteId, t.arrival)],
);

/** Mails queued in the transaction that wrote them, delivered by a job after commit. */
export const outboxEmails = pgTable(
  'outbox_emails',
  {
    id: serial().primaryKey(),
    toAddress: text().notNull(),
    subject: text().notNull(),
    body: text().notNull(),
    createdAt: createdAt(),
    sentAt: tstz(),
    attempts: integer().notNull().default(0),
    nextAttemptAt: tstz().notNull().defaultNow(),
    /** Set when the last attempt failed too: the mail stays here, visible, and is not tried again. */
    failedAt: tstz(),
    error: text(),
  },
  (t) => [
    index('outbox_emails_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null and ${t.failedAt} is null`),
  ],
);

/** A file sent with a queued mail (a scheduled report). */
export const outboxAttachments = pgTable(
  'outbox_attachments',
  {
    id: serial().primaryKey(),
    emailId: integer()
      .notNull()
      .references(() => outboxEmails.id, { onDelete: 'cascade' }),
    fileName: text().notNull(),
    contentType: text().notNull(),
    content: bytea().notNull(),
  },
  (t) => [index().on(t.emailId)],
);

// ---------------------------------------------------------------- notifications and schedules

/** A user's choice of how to hear of alerts of a type and severity; a pair without a row takes the default. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userAccountId: integer()
      .notNull()
      .references(() => userAccounts.id, { onDelete: 'cascade' }),
    alertType: text().notNull(),
    severity: text().notNull(),
    delivery: text().notNull(), // now | digest | none
  },
  (t) => [
    primaryKey({ columns: [t.userAccountId, t.alertType, t.severity] }),
    check('delivery_kind', sql`${t.delivery} in ('now', 'digest', 'none')`),
  ],
);

/** Who was told of an alert and how: one row a user and alert, so nobody hears of one twice. */
export const alertNotifications = pgTable(
  'alert_notifications',
  {
    alertId: integer()
      .notNull()
      .references(() => systemAlerts.id, { onDelete: 'cascade' }),
    userAccountId: integer()
      .notNull()
      .references(() => userAccounts.id, { onDelete: 'cascade' }),
    delivery: text().notNull(), // now | digest
    createdAt: createdAt(),
    /** When its mail (the alert's own, or the digest that listed it) was queued; null: waiting for the digest. */
    mailedAt: tstz(),
  },
  (t) => [
    primaryKey({ columns: [t.alertId, t.userAccountId] }),
    index('alert_notifications_digest_idx')
      .on(t.userAccountId)
      .where(sql`${t.mailedAt} is null`),
  ],
);

export const reportSchedules = pgTable(
  'report_schedules',
  {
    id: serial().primaryKey(),
    siteId: integer()
      .notNull()
      .references(() => sites.id),
    reportTypeId: integer()
      .notNull()
      .references(() => reportTypes.id),
    frequency: text().notNull(), // daily | weekly | monthly
    /** Local time of the property. */
    atTime: time().notNull(),
    format: text().notNull(), // xlsx | csv
    recipients: text().array().notNull(),
    locationDescription: text().notNull().default(''),
    /** The next instant a run is due; the job claims due schedules by moving it on. */
    nextRunAt: tstz().notNull(),
    createdBy: integer().references(() => userAccounts.id),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    index().on(t.siteId),
    index().on(t.nextRunAt),
    check('frequency_kind', sql`${t.frequency} in ('daily', 'weekly', 'monthly')`),
    check('format_kind', sql`${t.format} in ('xlsx', 'csv')`),
  ],
);

/**
 * An address outside a property's business named as a recipient of its scheduled reports: it
 * gets them only once it confirmed by the link mailed to it (features/schedules/recipients.ts).
 */
export const reportRecipients = pgTable(
  'report_recipients',
  {
    siteId: integer()
      .notNull()
      .references(() => sites.id),
    /** Lower case. */
    email: text().notNull(),
    /** SHA-256 (hex) of the token of the link last mailed to it. */
    tokenHash: text().notNull(),
    invitedAt: tstz().notNull(),
    confirmedAt: tstz(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.email] }), uniqueIndex().on(t.tokenHash), index().on(t.invitedAt)],
);

/** One run of a schedule a due time (the unique key makes it once, whatever number of instances). */
export const reportRuns = pgTable(
  'report_runs',
  {
    id: serial().primaryKey(),
    scheduleId: integer()
      .notNull()
      .references(() => reportSchedules.id, { onDelete: 'cascade' }),
    dueAt: tstz().notNull(),
    /** The period covered, local to the property ('YYYY-MM-DD HH:mm', end exclusive). */
    periodStart: text().notNull(),
    periodEnd: text().notNull(),
    status: text().notNull().default('running'), // running | done | failed
    rows: integer(),
    fileName: text(),
    error: text(),
    /** The mails the run queued, one a recipient. */
    emailIds: integer()
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    startedAt: createdAt(),
    finishedAt: tstz(),
  },
  (t) => [
    uniqueIndex().on(t.scheduleId, t.dueAt),
    check('status_kind', sql`${t.status} in ('running', 'done', 'failed')`),
  ],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    at: createdAt(),
    userAccountId: integer(),
    action: text().notNull(),
    entityType: text().notNull(),
    entityId: text(),
    before: jsonb(),
    after: jsonb(),
    ip: text(),
    /** Who acted (access/actor.ts): `user:12`, `visitor`, `job:automatic check-out`, `device`. */
    actor: text().notNull(),
  },
  (t) => [index().on(t.entityType, t.entityId), index().on(t.at)],
);
