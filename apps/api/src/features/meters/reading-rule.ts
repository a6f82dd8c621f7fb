import { sql, type SQL } from 'drizzle-orm';

/** Kinds that raise an alert, with the alert's kind. */
const ALERTS = sql`(values ('glitch'::reading_kind, 'meterGlitch'), ('baseline', 'meterBaseline'),
  ('rollover', 'meterRollover'), ('suspect', 'suspectRise'))`;

/**
 * One open alert a meter and kind for readings newly found to be a glitch, a new baseline, a
 * rollover or a suspect rise, with the reading's figures. `found` yields (sp, at, total, ref,
 * kind, usage); `meta` (sp, site_id).
 */
export const raiseAlerts = (found: SQL, meta: SQL) => sql`
  insert into system_alerts (kind, params, site_id, service_point_id)
  select distinct on (f.sp, a.alert) a.alert,
    jsonb_build_object('total', trim_scale(f.total), 'at', to_char(f.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
      'reference', trim_scale(f.ref), 'usage', trim_scale(f.usage::numeric(18, 6)))
      || case when f.kind = 'suspect' then jsonb_build_object('rise', trim_scale((f.total - f.ref)::numeric(18, 6))) else '{}' end,
    m.site_id, f.sp
  from (${found}) f
  join ${ALERTS} as a(kind, alert) on a.kind = f.kind
  join (${meta}) m on m.sp = f.sp
  order by f.sp, a.alert, f.at desc
  on conflict do nothing
  returning 1`;

/**
 * The open suspect-rise alerts of these meters (an int[]) that have no suspect reading left
 * (later readings decided them, or staff did): resolved by the rule.
 */
export const resolveSuspectAlerts = (meters: SQL) => sql`
  update system_alerts a set resolved_at = now()
  where a.kind = 'suspectRise' and a.resolved_at is null and a.service_point_id = any(${meters})
    and not exists (
      select 1 from meter_readings r
      where r.service_point_id = a.service_point_id and r.kind <> 'normal' and r.kind = 'suspect')
  returning 1`;
