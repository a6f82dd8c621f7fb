import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  DeviceGroup,
  MAX_METERS_PER_LOCATION,
  METER_GROUPS_OF_TYPE,
  type MeterAssignment,
  type SelectionType,
  type ServicePointRow,
  type SiteEvent,
} from '@portal/contract';
import { intArray, rows, type Queryable, type Tx } from '../../db/client';
import {
  deviceTypeCapabilities,
  deviceTypes,
  locations,
  servicePointCapabilities,
  servicePoints,
} from '../../db/schema';
import { announce, locationChanged, meterValues } from '../../hub/events';
import { locationEventsOfMeters } from '../../hub/queries';
import { audit } from '../../access/audit';
import { conflict, invalid } from '../../lib/errors';
import { groupBy } from '../../lib/group';
import {
  requireServicePoints,
  unknownTo,
  type LocationRef,
  type ServicePointRef,
  type SiteRef,
} from '../../access/scope';
import { reclassifyMeters } from './readings';
import { presentMeters, presentRefusal } from './presenter';
import {
  assignableLocations,
  capabilitiesOnLocations,
  inventoryPage,
  metersOfGroups,
  metersOnLocations,
  metersOnSite,
  stockMeters,
  type MeterOptionRow,
} from './queries';
import { meterUsage, toStats } from './usage';
import type { Actor, Context, UserContext } from '../../access/actor';

/**
 * What the locations table shows of these meters' readings, as live values (one event a
 * property): total, last seen, usage, and for the meters of `recovered` that they are no
 * longer missing (a change of the properties' counts). Meters in stock (on no location) have no row.
 */
export async function readingValues(
  q: Queryable,
  meterIds: number[],
  now: Date,
  recovered: readonly number[] = [],
): Promise<SiteEvent[]> {
  if (!meterIds.length) return [];
  const where = sql`sp.id = any(${intArray(meterIds)})`;
  const [found, usage] = await Promise.all([
    rows<{
      id: number;
      location_id: number;
      site_id: number;
      last_reading: string | null;
      last_seen_at: Date | string | null;
      is_missing_device: boolean;
    }>(
      q,
      sql`
      select sp.id, sp.location_id, l.site_id, sp.last_reading, sp.last_seen_at, sp.is_missing_device
      from service_points sp join locations l on l.id = sp.location_id
      where ${where}`,
    ),
    meterUsage(q, where, now),
  ]);
  const usageOf = new Map(usage.map((u) => [u.service_point_id, u]));
  const back = new Set(recovered);
  return meterValues(
    found.map((m) => ({
      siteId: m.site_id,
      servicePointID: m.id,
      locationID: m.location_id,
      kwhTotal: m.last_reading === null ? null : Number(m.last_reading),
      lastSeenDT: m.last_seen_at === null ? null : new Date(m.last_seen_at).toISOString(),
      usage: toStats(usageOf.get(m.id)),
      ...(back.has(m.id) ? { isMissingDevice: m.is_missing_device } : {}),
    })),
    now,
  );
}

/** The usage rule over a span of time, for the features that bill or report spans (stays, reports). */

/**
 * The meters of the locations selected by `where` (a condition on `l` and `sp`), with
 * capabilities and usage: three set-based queries whatever the number of locations.
 */
export async function metersOfLocations(q: Queryable, where: SQL, now: Date): Promise<Map<number, ServicePointRow[]>> {
  const [meters, capabilities, usage] = await Promise.all([
    metersOnLocations(q, where),
    capabilitiesOnLocations(q, where),
    meterUsage(q, where, now),
  ]);
  return presentMeters(meters, capabilities, usage);
}

const SOLO_GROUPS: readonly number[] = [DeviceGroup.Cube, DeviceGroup.DataCollector];

/**
 * Puts stock meters on locations, all or none. A location takes at most two meters, and a
 * Cube or Data Collector only alone; the database's slot index backs the count.
 */
export async function assignMeters(ctx: UserContext, assignments: MeterAssignment[]): Promise<void> {
  const { user } = ctx.actor;
  if (new Set(assignments.map((a) => a.servicePointID)).size !== assignments.length)
    throw invalid('meterDuplicateInRequest');
  await ctx.db.transaction(async (tx) => {
    const meterIds = assignments.map((a) => a.servicePointID);
    const locationIds = [...new Set(assignments.map((a) => a.fk_LocationID))];
    const meters = await tx
      .select({ id: servicePoints.id, locationId: servicePoints.locationId, groupId: deviceTypes.groupId })
      .from(servicePoints)
      .innerJoin(deviceTypes, eq(deviceTypes.id, servicePoints.deviceTypeId))
      .where(inArray(servicePoints.id, meterIds))
      .for('update', { of: servicePoints });
    if (meters.length !== meterIds.length) throw unknownTo(user, 'meter');
    const placed = meters.filter((m) => m.locationId !== null).map((m) => m.id);
    // a meter on another tenant's location is refused like any foreign id, before telling it is taken
    if (placed.length) {
      await requireServicePoints(tx, user, placed);
      throw conflict('meterNotInStock');
    }
    const occupants = await tx
      .select({ locationId: servicePoints.locationId, slot: servicePoints.slot, groupId: deviceTypes.groupId })
      .from(servicePoints)
      .innerJoin(deviceTypes, eq(deviceTypes.id, servicePoints.deviceTypeId))
      .where(inArray(servicePoints.locationId, locationIds));
    const deleted = await tx
      .select({ id: locations.id })
      .from(locations)
      .where(and(inArray(locations.id, locationIds), eq(locations.deleted, true)));
    if (deleted.length) throw conflict('noMoreMeters');
    const groupOf = new Map(meters.map((m) => [m.id, m.groupId]));
    const onLocation = groupBy(occupants, (o) => o.locationId!);
    for (const [locationId, incoming] of groupBy(assignments, (a) => a.fk_LocationID)) {
      const present = onLocation.get(locationId) ?? [];
      const groups = [...present.map((p) => p.groupId), ...incoming.map((a) => groupOf.get(a.servicePointID)!)];
      if (
        groups.length > MAX_METERS_PER_LOCATION ||
        (groups.length > 1 && groups.some((g) => SOLO_GROUPS.includes(g)))
      ) {
        throw conflict('noMoreMeters');
      }
      const free = [1, 2].filter((slot) => !present.some((p) => p.slot === slot));
      for (const [i, a] of incoming.entries()) {
        await tx
          .update(servicePoints)
          .set({ locationId, slot: free[i]! })
          .where(eq(servicePoints.id, a.servicePointID));
      }
    }
    await audit(tx, ctx.actor, {
      action: 'assignMeters',
      entityType: 'servicePoint',
      entityId: meterIds.join(','),
      after: assignments,
    });
    await announce(tx, await locationEventsOfMeters(tx, meterIds, ctx.now()));
  });
}

/** Takes a meter off a location back to stock; not while a guest is checked in. */
export async function removeMeter(ctx: Context, site: LocationRef, a: MeterAssignment): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [loc] = await tx
      .select({ isCheckedIn: locations.isCheckedIn })
      .from(locations)
      .where(eq(locations.id, a.fk_LocationID))
      .for('update');
    if (loc!.isCheckedIn) throw conflict('meterCheckedIn');
    const [removed] = await tx
      .update(servicePoints)
      .set({ locationId: null, slot: null })
      .where(and(eq(servicePoints.id, a.servicePointID), eq(servicePoints.locationId, a.fk_LocationID)))
      .returning({ id: servicePoints.id });
    if (!removed) throw invalid('meterNotOnLocation', 'servicePointID');
    await tx
      .update(servicePointCapabilities)
      .set({ status: 0 })
      .where(eq(servicePointCapabilities.servicePointId, a.servicePointID));
    await audit(tx, ctx.actor, {
      action: 'removeMeter',
      entityType: 'servicePoint',
      entityId: a.servicePointID,
      before: a,
    });
    await announce(tx, locationChanged(site.siteId, a.fk_LocationID, ctx.now()));
  });
}

type MonitoringChange = { LocationId: number; ServicePointID: number; ExcludeFromMonitoring: boolean };

export async function setMonitoring(ctx: Context, changes: MonitoringChange[]) {
  await ctx.db.transaction((tx) => setMonitoringIn(tx, ctx.actor, changes, ctx.now()));
}

/**
 * Includes or excludes meters from monitoring inside the caller's transaction, all or none:
 * one statement however many meters; a meter not on the location named refuses them all.
 */
export async function setMonitoringIn(tx: Tx, actor: Actor, changes: MonitoringChange[], now: Date) {
  // the last word on a meter counts
  const byMeter = new Map(changes.map((c) => [c.ServicePointID, c]));
  const wanted = [...byMeter.values()];
  const done = await rows<{ id: number }>(
    tx,
    sql`
    update service_points sp set exclude_from_monitoring = c.exclude
    from json_to_recordset(${JSON.stringify(
      wanted.map((c) => ({ id: c.ServicePointID, location_id: c.LocationId, exclude: c.ExcludeFromMonitoring })),
    )}::json) as c(id int, location_id int, exclude boolean)
    where sp.id = c.id and sp.location_id = c.location_id
    returning sp.id`,
  );
  if (done.length !== wanted.length) throw invalid('meterNotOnLocation', 'ServicePointID');
  await audit(tx, actor, {
    action: 'monitoring',
    entityType: 'servicePoint',
    entityId: changes.map((c) => c.ServicePointID).join(','),
    after: changes,
  });
  await announce(tx, await locationEventsOfMeters(tx, [...byMeter.keys()], now));
}

/** The meters of these locations a selection's type takes (`METER_GROUPS_OF_TYPE`), the switchable ones only when asked. */
export async function metersOfSelection(
  q: Queryable,
  locationIds: readonly number[],
  type: SelectionType,
  { switchable }: { switchable: boolean },
): Promise<Array<{ servicePointId: number; locationId: number }>> {
  if (!locationIds.length) return [];
  const found = await metersOfGroups(q, locationIds, METER_GROUPS_OF_TYPE[type], switchable);
  return found.map((m) => ({ servicePointId: m.id, locationId: m.location_id }));
}

const option = (m: MeterOptionRow) => ({
  servicePointId: m.id,
  servicePointName: m.name,
  deviceTypeDisplayName: m.display_name,
  fk_DeviceTypeGroupId: m.group_id,
});

export async function stockOptions(q: Queryable) {
  return (await stockMeters(q)).map(option);
}

/** The Assign Meter dialog of a property: its locations that can take a meter, and the stock. */
export async function assignable(q: Queryable, site: SiteRef) {
  const [locs, onSite, stock] = await Promise.all([
    assignableLocations(q, site.siteId),
    metersOnSite(q, site.siteId),
    stockMeters(q),
  ]);
  const byLocation = groupBy(onSite, (m) => m.location_id!);
  return {
    locations: locs.map((l) => ({
      locationID: l.id,
      locationDescription: l.description,
      metersMapToLocations: (byLocation.get(l.id) ?? []).map(option),
    })),
    availableMeters: stock.map(option),
  };
}

export async function inventory(q: Queryable, search: string, page: number, pageSize: number) {
  const found = await inventoryPage(q, search, pageSize, (page - 1) * pageSize);
  return {
    total: Number(found[0]?.total ?? 0),
    rows: found.map((r) => ({
      servicePointID: r.id,
      servicePointName: r.name,
      deviceKey: r.device_key,
      readByHand: r.read_by_hand,
      deviceTypeDisplayName: r.display_name,
      fk_DeviceTypeId: r.device_type_id,
      locationID: r.location_id,
      locationDescription: r.location_description,
      siteID: r.site_id,
      siteName: r.site_name,
      activeInd: r.active_ind,
      isMissingDevice: r.is_missing_device,
      lastSeenDT: r.last_seen_at === null ? null : new Date(r.last_seen_at).toISOString(),
      lastRefusal: presentRefusal(r),
      maxRatePerHour: r.max_rate,
      maxRateOwn: r.max_rate_own,
      unit: r.unit,
    })),
  };
}

/**
 * Registers a meter in stock with the capabilities of its device type; one read by hand has no
 * device key and no relay (none of its type's capabilities).
 */
export async function createMeter(
  ctx: Context,
  input: { servicePointName: string; deviceKey?: string; readByHand: boolean; fk_DeviceTypeId: number },
) {
  const deviceKey = input.readByHand ? null : (input.deviceKey ?? null);
  return ctx.db.transaction(async (tx) => {
    const [clash] = await tx
      .select({ id: servicePoints.id })
      .from(servicePoints)
      .where(
        or(
          eq(servicePoints.name, input.servicePointName),
          deviceKey === null ? undefined : eq(servicePoints.deviceKey, deviceKey),
        ),
      );
    if (clash) throw conflict('meterNameTaken', 'servicePointName');
    const [type] = await tx
      .select({ id: deviceTypes.id })
      .from(deviceTypes)
      .where(eq(deviceTypes.id, input.fk_DeviceTypeId));
    if (!type) throw invalid('fieldNotValid', 'fk_DeviceTypeId');
    const [meter] = await tx
      .insert(servicePoints)
      .values({ name: input.servicePointName, deviceKey, deviceTypeId: input.fk_DeviceTypeId })
      .returning({ id: servicePoints.id });
    const caps = deviceKey
      ? await tx
          .select({ capabilityId: deviceTypeCapabilities.capabilityId })
          .from(deviceTypeCapabilities)
          .where(eq(deviceTypeCapabilities.deviceTypeId, input.fk_DeviceTypeId))
      : [];
    if (caps.length) {
      await tx
        .insert(servicePointCapabilities)
        .values(caps.map((c) => ({ servicePointId: meter!.id, capabilityId: c.capabilityId })));
    }
    await audit(tx, ctx.actor, {
      action: 'createMeter',
      entityType: 'servicePoint',
      entityId: meter!.id,
      after: input,
    });
    return meter!.id;
  });
}

/**
 * A meter's own maximum rate, or its type's again (null): every reading of the meter is walked
 * again by the rule, its roll-ups move by the difference and its closed stays are reviewed
 * (revised where their figures change). Audited.
 */
export async function setMaxRate(
  ctx: UserContext,
  meter: ServicePointRef,
  maxRatePerHour: string | null,
): Promise<void> {
  const { user } = ctx.actor;
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ rate: servicePoints.maxRatePerHour })
      .from(servicePoints)
      .where(eq(servicePoints.id, meter.servicePointId))
      .for('update');
    await tx.update(servicePoints).set({ maxRatePerHour }).where(eq(servicePoints.id, meter.servicePointId));
    await reclassifyMeters(tx, [meter.servicePointId], {
      review: { reason: 'meterRateChanged', userAccountId: user.userAccountId },
    });
    await audit(tx, ctx.actor, {
      action: 'setMaxRate',
      entityType: 'servicePoint',
      entityId: meter.servicePointId,
      before: { maxRatePerHour: before?.rate ?? null },
      after: { maxRatePerHour },
    });
    await announce(tx, await readingValues(tx, [meter.servicePointId], ctx.now()));
  });
}
