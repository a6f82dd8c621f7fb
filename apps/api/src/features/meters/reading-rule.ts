import { sql, type SQL } from 'drizzle-orm';

/**
 * The usage rule (docs/decisions.md, "Totals that go down"), applied to a set of readings:
 * each reading's kind and the usage it adds, by the SQL functions of migration 0006, the one
 * place the rule is written. `readings` must yield (sp, at, total, reset) and may carry more
 * columns, passed through; a reading is classified right when the set holds, of its meter,
 * the two readings before it and the one after it (or all there are). Adds `ref` (the total
 * it is measured from), `kind` and `usage`.
 */
export const classified = (readings: SQL) => sql`
  select y.*, meter_reading_usage(y.kind, y.ref, y.total) as usage from (
    select x.*, meter_reading_kind(x.ref, x.total, x.reset, x.n, x.nr) as kind from (
      select w.*, meter_reading_ref(w.t2, w.t1, w.r1, w.total, w.reset) as ref from (
        select v.*, lag(v.total, 2) over o as t2, lag(v.total) over o as t1, lag(v.reset) over o as r1,
          lead(v.total) over o as n, lead(v.reset) over o as nr
        from (${readings}) v
        window o as (partition by v.sp order by v.at)
      ) w
      -- each level computed once: the functions are inlined, and without a fence the kind's
      -- expression would be worked out again inside the usage's, the reference's inside both
      offset 0
    ) x
    offset 0
  ) y`;

/** Kinds that raise an alert, with the alert's kind. */
const ALERTS = sql`(values ('glitch'::reading_kind, 'meterGlitch'), ('baseline', 'meterBaseline'), ('rollover', 'meterRollover'))`;

/**
 * One open alert a meter and kind for readings newly found to be a glitch, a new baseline or a
 * rollover, with the reading's figures. `found` yields (sp, at, total, ref, kind, usage);
 * `meta` (sp, site_id).
 */
export const raiseAlerts = (found: SQL, meta: SQL) => sql`
  insert into system_alerts (kind, params, site_id, service_point_id)
  select distinct on (f.sp, a.alert) a.alert,
    jsonb_build_object('total', trim_scale(f.total), 'at', to_char(f.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
      'reference', trim_scale(f.ref), 'usage', trim_scale(f.usage::numeric(18, 6))),
    m.site_id, f.sp
  from (${found}) f
  join ${ALERTS} as a(kind, alert) on a.kind = f.kind
  join (${meta}) m on m.sp = f.sp
  order by f.sp, a.alert, f.at desc
  on conflict do nothing
  returning 1`;
