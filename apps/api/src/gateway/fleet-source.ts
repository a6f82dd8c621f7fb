import { utcOffsetMs } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { rows, type Queryable } from '../db/client';
import { behaviourOf, type SimulatedMeter } from './fleet';

type Row = {
  device_key: string;
  unit: string;
  last_reading: string | null;
  on: boolean;
  metered: boolean;
  missing: boolean;
  time_zone: string | null;
  leaking: boolean;
};

/** What a leaking demo meter loses, in gallons per demo hour: above the leak rule's default of 1. */
const LEAK_GALLONS_PER_HOUR = 1.2;

/**
 * Every meter of the database as a simulated device: on when a relay is on, reporting
 * from its last reading. Meters already missing stay silent, so the demo keeps them missing.
 * A water meter found running every hour at a vacant location (the demo's leak) keeps leaking.
 */
export async function loadSimulatedMeters(q: Queryable, now = new Date()): Promise<SimulatedMeter[]> {
  const found = await rows<Row>(
    q,
    sql`
    select sp.device_key, dt.unit, sp.last_reading, sp.is_missing_device as missing,
      dt.group_id in (1, 2, 6) as metered, s.time_zone,
      exists (select 1 from service_point_capabilities c where c.service_point_id = sp.id and c.status = 1) as on,
      -- a water meter that ran in each of the 3 hours before its latest reading at a vacant location: a leak
      dt.unit = 'gal' and not coalesce(l.is_checked_in, true) and (
        select count(*) from hourly_usage h
        where h.service_point_id = sp.id and h.usage > 0
          and h.hour >= date_trunc('hour', sp.last_reading_at, 'UTC') - interval '3 hours'
          and h.hour < date_trunc('hour', sp.last_reading_at, 'UTC')) = 3 as leaking
    from service_points sp
    join device_types dt on dt.id = sp.device_type_id
    left join locations l on l.id = sp.location_id
    left join sites s on s.id = l.site_id
    -- a meter read by hand is no device
    where sp.device_key is not null`,
  );
  const offsets = new Map<string, number>();
  return found.map((r) => {
    const tz = r.time_zone ?? 'UTC';
    if (!offsets.has(tz)) offsets.set(tz, utcOffsetMs(tz, now.getTime()) / 3_600_000);
    return {
      deviceKey: r.device_key,
      unit: r.unit === 'gal' ? 'gal' : 'kWh',
      milli: Math.round(Number(r.last_reading ?? 0) * 1000),
      on: r.metered && r.on,
      behaviour: r.missing ? 'silent' : behaviourOf(r.device_key),
      utcOffsetHours: offsets.get(tz)!,
      ...(r.leaking && !r.missing ? { leakPerHour: LEAK_GALLONS_PER_HOUR } : {}),
    };
  });
}
