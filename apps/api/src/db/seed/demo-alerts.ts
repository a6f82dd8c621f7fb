import { sql } from 'drizzle-orm';
import type { Tx } from '../client';
import { detectAbnormalUse, detectLeaks, detectNightFlow, detectVacantDraw } from '../../features/alerts/detection';

/**
 * Open alerts: every missing meter that is monitored and one out-of-service meter (history:
 * their users were told then, so nobody is mailed of them at the first start), then what the
 * detection rules find in the readings as of `now` (the leaking meter's leak among them, which
 * its subscribers are mailed of once the server runs).
 * Runs after the meters' last readings and the daily and hourly usage are set.
 */
export async function insertAlerts(tx: Tx, now: Date): Promise<void> {
  await tx.execute(sql`
    insert into system_alerts (kind, params, site_id, service_point_id, created_at, notified_at)
    select 'missingDevice',
      jsonb_build_object('since', to_char(sp.last_seen_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')),
      s.id, sp.id, sp.last_seen_at + interval '1 hour', sp.last_seen_at + interval '1 hour'
    from service_points sp
    join locations l on l.id = sp.location_id
    join sites s on s.id = l.site_id
    where sp.is_missing_device and not sp.exclude_from_monitoring and not s.exclude_from_monitoring
    order by sp.id`);
  await tx.execute(sql`
    insert into system_alerts (kind, site_id, service_point_id, created_at, notified_at)
    select 'outOfService', s.id, sp.id,
      ${now.toISOString()}::timestamptz - interval '3 days', ${now.toISOString()}::timestamptz - interval '3 days'
    from service_points sp
    join locations l on l.id = sp.location_id
    join sites s on s.id = l.site_id
    where sp.active_ind = 0
    order by sp.id
    limit 1`);
  for (const rule of [detectLeaks, detectNightFlow, detectVacantDraw, detectAbnormalUse]) await rule(tx, now);
}
