import { sql } from 'drizzle-orm';
import { METER_PAGE_READINGS } from '@portal/contract';
import { rows, type Queryable } from '../../db/client';

export type PublicMeterRow = {
  service_point_id: number;
  unit: string;
  location_public_name: string;
  location_description: string;
  site_name: string;
  active_ind: number;
  is_missing_device: boolean;
  last_reading: string | null;
  last_reading_at: Date | string | null;
};

/**
 * The meter a visitor names, case-insensitive: the electric meter of the live location with
 * that public name (printed on the pedestal), else the metered meter (electric or water) with
 * that number (printed on the meter). Both are indexed lookups (upper(public_name), upper(name)).
 */
export async function meterByNumberOrPublicName(q: Queryable, name: string): Promise<PublicMeterRow | null> {
  const [row] = await rows<PublicMeterRow>(
    q,
    sql`
    with named as (
      select sp.id, 0 as rank, sp.slot from locations l
      join service_points sp on sp.location_id = l.id
      join device_types dt on dt.id = sp.device_type_id and dt.group_id in (1, 6)
      where upper(l.public_name) = upper(${name})
      union all
      select sp.id, 1, sp.slot from service_points sp
      join device_types dt on dt.id = sp.device_type_id and dt.group_id in (1, 2, 6)
      where upper(sp.name) = upper(${name})
    )
    select sp.id as service_point_id, dt.unit, l.public_name as location_public_name,
      l.description as location_description, s.public_name as site_name, sp.active_ind, sp.is_missing_device,
      sp.last_reading, sp.last_reading_at
    from named
    join service_points sp on sp.id = named.id
    join device_types dt on dt.id = sp.device_type_id
    join locations l on l.id = sp.location_id and not l.deleted
    join sites s on s.id = l.site_id and s.deleted_at is null
    order by named.rank, named.slot
    limit 1`,
  );
  return row ?? null;
}

export function recentReadings(q: Queryable, servicePointId: number) {
  return rows<{ read_at: Date | string; total: string }>(
    q,
    sql`
    select read_at, total from meter_readings
    where service_point_id = ${servicePointId}
    order by read_at desc
    limit ${METER_PAGE_READINGS}`,
  );
}
