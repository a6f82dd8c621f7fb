import { sql, type SQL } from 'drizzle-orm';
import { levelReadingBefore } from './usage';

/** Kinds that raise an alert, with the alert's kind. */
const ALERTS = sql`(values ('glitch'::reading_kind, 'meterGlitch'), ('baseline', 'meterBaseline'),
  ('rollover', 'meterRollover'), ('suspect', 'suspectRise'))`;

/** An alert's figures of the reading `f` (kind, total, at, ref: the total it is measured from, usage). */
const alertParams = sql`
  jsonb_build_object('total', trim_scale(f.total), 'at', to_char(f.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
    'reference', trim_scale(f.ref), 'usage', trim_scale(f.usage::numeric(18, 6)))
  || case when f.kind = 'suspect' then jsonb_build_object('rise', trim_scale((f.total - f.ref)::numeric(18, 6))) else '{}' end`;

/**
 * One open alert a meter and kind for readings newly found to be a glitch, a new baseline, a
 * rollover or a suspect rise, with the reading's figures. `found` yields (sp, at, total, ref,
 * kind, usage); `meta` (sp, site_id).
 */
export const raiseAlerts = (found: SQL, meta: SQL) => sql`
  insert into system_alerts (kind, params, site_id, service_point_id)
  select distinct on (f.sp, a.alert) a.alert, ${alertParams}, m.site_id, f.sp
  from (${found}) f
  join ${ALERTS} as a(kind, alert) on a.kind = f.kind
  join (${meta}) m on m.sp = f.sp
  order by f.sp, a.alert, f.at desc
  on conflict do nothing
  returning 1`;

/**
 * The open reading alerts of these meters (an int[]), after readings came late or were walked
 * again: each cites its reading with the figures it has now while that reading is still of its
 * kind, else the first reading of its kind since the meter's last such alert was resolved. One
 * left without a reading of its kind is resolved by the rule: a suspect rise the readings after
 * it decided, or a one-off total that the readings before it showed was none.
 */
export const reciteAlerts = (meters: SQL) => sql`
  with open as (
    select a.id, k.kind, a.service_point_id as sp, (a.params->>'at')::timestamptz as cited,
      coalesce((select max((x.params->>'at')::timestamptz) from system_alerts x
        where x.service_point_id = a.service_point_id and x.kind = a.kind and x.resolved_at is not null),
        '-infinity') as since
    from system_alerts a join ${ALERTS} as k(kind, alert) on k.alert = a.kind
    where a.resolved_at is null and a.service_point_id = any(${meters})
  ), cited as (
    select o.id, f.*
    from open o
    cross join lateral (
      select r.kind, r.total, r.read_at as at, r.usage, l.total as ref
      from meter_readings r
      left join lateral (${levelReadingBefore(sql`r.service_point_id`, sql`r.read_at`)}) l on true
      where r.service_point_id = o.sp and r.kind = o.kind and (r.read_at = o.cited or r.read_at > o.since)
      order by r.read_at = o.cited desc, r.read_at
      limit 1
    ) f
  ), recited as (
    update system_alerts a set params = ${alertParams}
    from cited f where a.id = f.id and a.params is distinct from ${alertParams}
    returning 1
  )
  update system_alerts a set resolved_at = now()
  from open o where a.id = o.id and not exists (select 1 from cited c where c.id = o.id)
  returning 1`;
