import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';

/**
 * Alerts of commands a meter did not carry out: of the commands just settled, a relay's current
 * command that failed raises `commandFailed` (with the meter's result code), one nobody answered
 * `commandTimedOut`; a superseded command's failure does not matter. A command the meter carried
 * out resolves its meter's command alerts, a late answer to a timed-out one included.
 */
export async function commandAlerts(tx: Tx, settledIds: number[], now: Date): Promise<void> {
  if (!settledIds.length) return;
  await tx.execute(sql`
    with c as (
      select m.id, m.service_point_id, m.requested_state, m.state, m.result_code, m.created_at
      from device_control_messages m where m.id = any(${`{${settledIds.join(',')}}`}::bigint[])
    ), carried_out as (
      update system_alerts a set resolved_at = ${now}
      where a.kind in ('commandFailed', 'commandTimedOut') and a.resolved_at is null
        and a.service_point_id in (select service_point_id from c where state = 'acked')
      returning 1
    ), failed as (
      select distinct on (c.service_point_id) c.*
      from c
      where c.state in ('failed', 'timed_out')
        and exists (select 1 from service_point_capabilities spc where spc.command_id = c.id)
        and not exists (select 1 from c ok where ok.service_point_id = c.service_point_id and ok.state = 'acked')
      order by c.service_point_id, c.id desc
    )
    insert into system_alerts (kind, params, site_id, service_point_id, created_at)
    select case f.state when 'failed' then 'commandFailed' else 'commandTimedOut' end,
      jsonb_build_object('command', case f.requested_state when 1 then 'ON' else 'OFF' end,
        'at', to_char(f.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), 'code', f.result_code),
      l.site_id, f.service_point_id, ${now}
    from failed f
    join service_points sp on sp.id = f.service_point_id
    join locations l on l.id = sp.location_id
    order by f.service_point_id
    on conflict do nothing`);
}
