import { sql, type SQL } from 'drizzle-orm';
import { intArray, rows, type Queryable } from '../../db/client';

export type MeterRow = {
  id: number;
  location_id: number;
  name: string;
  device_key: string | null;
  read_by_hand: boolean;
  device_type_id: number;
  device_type_name: string;
  device_type_display_name: string;
  group_id: number;
  unit: string;
  supports_reset_reading: boolean;
  active_ind: number;
  exclude_from_monitoring: boolean;
  is_missing_device: boolean;
  last_seen_at: Date | string | null;
  last_reading: string | null;
  requested_state: number | null;
  result_code: number | null;
} & RefusalColumns;

/** The meter's latest refused message (meter_refusals), when it has one. */
export type RefusalColumns = { refusal_reason: string | null; refused_at: Date | string | null };
const latestRefusal = sql`left join lateral (
      select reason as refusal_reason, last_at as refused_at from meter_refusals
      where device_key = sp.device_key order by last_at desc limit 1
    ) rf on true`;

/** Meters on locations selected by `where` (a condition on `l` and `sp`), with their type, last command and last refusal. */
export function metersOnLocations(q: Queryable, where: SQL): Promise<MeterRow[]> {
  return rows<MeterRow>(
    q,
    sql`
    select sp.id, sp.location_id, sp.name, sp.device_key, sp.read_by_hand, sp.device_type_id, dt.name as device_type_name,
      dt.display_name as device_type_display_name, dt.group_id, dt.unit, dt.supports_reset_reading,
      sp.active_ind, sp.exclude_from_monitoring, sp.is_missing_device, sp.last_seen_at, sp.last_reading,
      m.requested_state, m.result_code, rf.refusal_reason, rf.refused_at
    from service_points sp
    join locations l on l.id = sp.location_id
    join device_types dt on dt.id = sp.device_type_id
    left join lateral (
      select requested_state, result_code from device_control_messages
      where service_point_id = sp.id order by id desc limit 1
    ) m on true
    ${latestRefusal}
    where ${where}
    order by sp.location_id, sp.slot`,
  );
}

export type CapabilityRow = {
  id: number;
  service_point_id: number;
  status: number;
  api_capability_response: string | null;
  capability_id: number;
  display_name: string;
  capability_type: number;
};

export function capabilitiesOnLocations(q: Queryable, where: SQL): Promise<CapabilityRow[]> {
  return rows<CapabilityRow>(
    q,
    sql`
    select spc.id, spc.service_point_id, spc.status, spc.api_capability_response,
      c.id as capability_id, c.display_name, c.capability_type
    from service_point_capabilities spc
    join service_points sp on sp.id = spc.service_point_id
    join locations l on l.id = sp.location_id
    join capabilities c on c.id = spc.capability_id
    where ${where}
    order by spc.service_point_id, c.id`,
  );
}

export type MeterOptionRow = {
  id: number;
  name: string;
  display_name: string;
  group_id: number;
  location_id: number | null;
};

/** Meters in stock (on no location), by name. */
export function stockMeters(q: Queryable): Promise<MeterOptionRow[]> {
  return rows<MeterOptionRow>(
    q,
    sql`
    select sp.id, sp.name, dt.display_name, dt.group_id, sp.location_id
    from service_points sp join device_types dt on dt.id = sp.device_type_id
    where sp.location_id is null
    order by sp.name
    limit 5000`,
  );
}

export type AssignableLocationRow = { id: number; description: string };

/** Live locations of a site that can take another meter: fewer than two, and no Cube or Data Collector. */
export function assignableLocations(q: Queryable, siteId: number): Promise<AssignableLocationRow[]> {
  return rows<AssignableLocationRow>(
    q,
    sql`
    select l.id, l.description
    from locations l
    where l.site_id = ${siteId} and not l.deleted
      and (select count(*) from service_points sp where sp.location_id = l.id) < 2
      and not exists (
        select 1 from service_points sp join device_types dt on dt.id = sp.device_type_id
        where sp.location_id = l.id and dt.group_id in (3, 4))
    order by l.description, l.id`,
  );
}

export function metersOnSite(q: Queryable, siteId: number): Promise<MeterOptionRow[]> {
  return rows<MeterOptionRow>(
    q,
    sql`
    select sp.id, sp.name, dt.display_name, dt.group_id, sp.location_id
    from service_points sp
    join device_types dt on dt.id = sp.device_type_id
    join locations l on l.id = sp.location_id
    where l.site_id = ${siteId}`,
  );
}

export type InventoryRow = {
  id: number;
  name: string;
  device_key: string | null;
  read_by_hand: boolean;
  display_name: string;
  device_type_id: number;
  location_id: number | null;
  location_description: string | null;
  site_id: number | null;
  site_name: string | null;
  active_ind: number;
  is_missing_device: boolean;
  last_seen_at: Date | string | null;
  max_rate: string;
  max_rate_own: boolean;
  unit: 'kWh' | 'gal';
  total: number | string;
} & RefusalColumns;

/** One page of every meter with where it is, searched by meter id, device key, location or property. */
export function inventoryPage(q: Queryable, search: string, limit: number, offset: number): Promise<InventoryRow[]> {
  const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return rows<InventoryRow>(
    q,
    sql`
    select sp.id, sp.name, sp.device_key, sp.read_by_hand, dt.display_name, sp.device_type_id, sp.location_id,
      l.description as location_description, s.id as site_id, s.public_name as site_name,
      sp.active_ind, sp.is_missing_device, sp.last_seen_at, rf.refusal_reason, rf.refused_at,
      trim_scale(coalesce(sp.max_rate_per_hour, dt.max_rate_per_hour))::text as max_rate,
      sp.max_rate_per_hour is not null as max_rate_own, dt.unit, count(*) over () as total
    from service_points sp
    join device_types dt on dt.id = sp.device_type_id
    left join locations l on l.id = sp.location_id
    left join sites s on s.id = l.site_id
    ${latestRefusal}
    where ${search === '' ? sql`true` : sql`(sp.name ilike ${like} or sp.device_key ilike ${like} or l.description ilike ${like} or s.public_name ilike ${like})`}
    order by sp.location_id is not null, sp.name
    limit ${limit} offset ${offset}`,
  );
}

/**
 * The meters of these locations in the device groups (null: every meter), only those with a
 * relay to switch when `switchable`: what a selection's On, Off and Monitoring address.
 */
export function metersOfGroups(
  q: Queryable,
  locationIds: readonly number[],
  groups: readonly number[] | null,
  switchable: boolean,
): Promise<Array<{ id: number; location_id: number }>> {
  return rows(
    q,
    sql`
    select sp.id, sp.location_id from service_points sp
    join device_types dt on dt.id = sp.device_type_id
    where sp.location_id = any(${intArray(locationIds)})
      ${groups ? sql`and dt.group_id = any(${intArray(groups)})` : sql``}
      ${switchable ? sql`and exists (select 1 from service_point_capabilities c where c.service_point_id = sp.id)` : sql``}
    order by sp.location_id, sp.slot`,
  );
}
