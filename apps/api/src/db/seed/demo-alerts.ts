import { sql } from 'drizzle-orm';
import type { Tx } from '../client';

/**
 * Open alerts: every missing meter that is monitored, the leaking water meters and one
 * out-of-service meter. Runs after the meters' last readings and daily usage are set.
 */
export async function insertAlerts(tx: Tx, now: Date, leakingMeterIds: number[]): Promise<void> {
  await tx.execute(sql`
    insert into system_alerts (kind, params, site_id, service_point_id, created_at)
    select 'missingDevice',
      jsonb_build_object('since', to_char(sp.last_seen_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')),
      s.id, sp.id, sp.last_seen_at + interval '1 hour'
    from service_points sp
    join locations l on l.id = sp.location_id
    join sites s on s.id = l.site_id
    where sp.is_missing_device and not sp.exclude_from_monitoring and not s.exclude_from_monitoring
    order by sp.id`);
  await tx.execute(sql`
    insert into system_alerts (kind, params, site_id, service_point_id, created_at)
    select 'waterWhileVacant', jsonb_build_object('usage', round(sum(d.usage))),
      s.id, sp.id, ${now.toISOString()}::timestamptz - interval '2 hours'
    from service_points sp
    join locations l on l.id = sp.location_id and not l.is_checked_in
    join sites s on s.id = l.site_id
    join daily_usage d on d.service_point_id = sp.id and d.day > (${now.toISOString()}::timestamptz at time zone s.time_zone)::date - 3
    where sp.id = any(${`{${leakingMeterIds.join(',')}}`}::int[])
    group by s.id, sp.id, l.description
    order by sp.id`);
  await tx.execute(sql`
    insert into system_alerts (kind, site_id, service_point_id, created_at)
    select 'outOfService', s.id, sp.id,
      ${now.toISOString()}::timestamptz - interval '3 days'
    from service_points sp
    join locations l on l.id = sp.location_id
    join sites s on s.id = l.site_id
    where sp.active_ind = 0
    order by sp.id
    limit 1`);
}
