import { sql } from 'drizzle-orm';
import { METER_PAGE_READINGS } from '@portal/contract';
import { rows, type Queryable } from '../../db/client';

export type PublicMeterRow = {
  service_point_id: number;
  location_public_name: string;
  location_description: string;
  site_name: string;
  active_ind: number;
  is_missing_device: boolean;
  last_reading: string | null;
  last_reading_at: Date | string | null;
};

/** The electric meter of the live location with this public name (case-insensitive). */
export async function electricMeterByPublicName(q: Queryable, name: string): Promise<PublicMeterRow | null> {
  const [row] = await rows<PublicMeterRow>(
    q,
    sql`
    select sp.id as service_point_id, l.public_name as location_public_name, l.description as location_description,
      s.public_name as site_name, sp.active_ind, sp.is_missing_device, sp.last_reading, sp.last_reading_at
    from locations l
    join sites s on s.id = l.site_id and s.deleted_at is null
    join service_points sp on sp.location_id = l.id
    join device_types dt on dt.id = sp.device_type_id
    where upper(l.public_name) = upper(${name}) and not l.deleted and dt.group_id in (1, 6)
    order by sp.slot
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
