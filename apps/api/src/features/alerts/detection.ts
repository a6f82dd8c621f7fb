import { sql, type SQL } from 'drizzle-orm';
import { rows, type Queryable } from '../../db/client';
import type { Deps } from '../../deps';
import { threshold } from './thresholds';

/**
 * The detection rules (docs/alerts.md): each reads a roll-up (hourly_usage, daily_usage),
 * resolves the open alerts of its kind whose condition cleared (resolved_at only: nobody
 * resolved them), then raises one alert a meter whose condition holds, in two set-based
 * statements. The open-alert index (one unresolved alert a kind and meter) makes raising safe
 * on several instances at once. Time is `now`, never the database's clock. A property without
 * a settings row has the column defaults (`threshold`).
 */

/** The hourly roll-up is kept this long: the rules read at most the last leak_hours (≤ 168) hours. */
export const HOURLY_RETENTION_DAYS = 8;

/** Days of less electric use are a vacant location's standby, left out of the median. */
const ACTIVE_DAY_KWH = 1;
/** Fewer active days than this in the 30 before: no median to compare with. */
const MIN_ACTIVE_DAYS = 7;

const at = (now: Date) => sql`${now.toISOString()}::timestamptz`;
/** The start of the current (incomplete) UTC hour: the hours before it are complete. */
const hourNow = (now: Date) => sql`date_trunc('hour', ${at(now)}, 'UTC')`;

/**
 * The watched meters of a unit with their property's thresholds: monitored meters on live
 * locations of live, monitored properties.
 */
const watched = (unit: 'gal' | 'kWh') => sql`
  select sp.id as sp, s.id as site_id, s.time_zone as tz, l.id as location_id, l.is_checked_in,
    ${threshold('leakGallonsPerHour')} as leak_gal, ${threshold('leakHours')}::int as leak_hours,
    ${threshold('nightFlowGallons')} as night_gal, ${threshold('abnormalMultiple')} as multiple,
    ${threshold('vacantKwhPerHour')} as vacant_kwh
  from service_points sp
  join device_types dt on dt.id = sp.device_type_id and dt.unit = ${unit}
  join locations l on l.id = sp.location_id and not l.deleted
  join sites s on s.id = l.site_id and s.deleted_at is null and not s.exclude_from_monitoring
  left join site_settings ss on ss.site_id = s.id
  where not sp.exclude_from_monitoring`;

/**
 * A guest checked in or out at the location on the local day: a partial day of use, left out
 * of the median it is judged against (a location of short stays would otherwise have a median
 * of half days, and every full day of use would look abnormal).
 */
const turnover = (location: SQL, day: SQL, tz: SQL) => sql`exists (
  select 1 from stays st, lateral (
    select ${day}::timestamp at time zone ${tz} as a, (${day} + 1)::timestamp at time zone ${tz} as b) d
  where st.location_id = ${location}
    and ((st.checkin_at >= d.a and st.checkin_at < d.b) or (st.checkout_at >= d.a and st.checkout_at < d.b)))`;

/** No stay of the location `l` overlaps [from, to): it was vacant the whole time. */
const vacantBetween = (location: SQL, from: SQL, to: SQL) => sql`not exists (
  select 1 from stays st where st.location_id = ${location} and st.checkin_at < ${to}
    and (st.checkout_at is null or st.checkout_at > ${from}))`;

async function raise(q: Queryable, kind: string, candidates: SQL, now: Date): Promise<number> {
  const raised = await rows<{ id: number }>(
    q,
    sql`
    insert into system_alerts (kind, params, site_id, service_point_id, created_at)
    select ${kind}, c.params, c.site_id, c.sp, ${at(now)} from (${candidates}) c
    order by c.sp
    on conflict do nothing
    returning id`,
  );
  return raised.length;
}

/** Resolves the open alerts of `kind` whose meter's row of `meters` (as x; the alert as a) meets `cleared`. */
async function resolve(q: Queryable, kind: string, meters: SQL, cleared: SQL, now: Date): Promise<number> {
  const done = await rows<{ id: number }>(
    q,
    sql`
    update system_alerts a set resolved_at = ${at(now)}
    where a.kind = ${kind} and a.resolved_at is null and a.service_point_id in (
      select a.service_point_id from system_alerts a
      join (${meters}) x on x.sp = a.service_point_id
      where a.kind = ${kind} and a.resolved_at is null and (${cleared}))
    returning a.id`,
  );
  return done.length;
}

/**
 * One pass of a rule: resolves its open alerts whose condition cleared (`cleared`, on a meter's
 * row of `meters`), then raises one for each of its `candidates`; answers how many it changed.
 */
async function sweep(
  q: Queryable,
  kind: string,
  now: Date,
  rule: { meters: SQL; cleared: SQL; candidates: SQL },
): Promise<number> {
  const resolved = await resolve(q, kind, rule.meters, rule.cleared, now);
  return resolved + (await raise(q, kind, rule.candidates, now));
}

/**
 * Leak: water in each of the last leak_hours complete hours, at least leak_gallons_per_hour
 * each. Resolves once a complete hour since it was raised had less (an hour without readings
 * counts as none).
 */
export async function detectLeaks(q: Queryable, now: Date): Promise<number> {
  const end = hourNow(now);
  return sweep(q, 'leak', now, {
    meters: watched('gal'),
    cleared: sql`exists (
      select 1 from generate_series(
        greatest(date_trunc('hour', a.created_at, 'UTC'), ${end} - interval '${sql.raw(String(HOURLY_RETENTION_DAYS))} days'),
        ${end} - interval '1 hour', interval '1 hour') g(hour)
      left join hourly_usage h on h.service_point_id = a.service_point_id and h.hour = g.hour
      where coalesce(h.usage, 0) < x.leak_gal)`,
    candidates: sql`
    select w.sp, w.site_id, jsonb_build_object('hours', w.leak_hours, 'usage', round(x.usage, 1)) as params
    from (${watched('gal')}) w
    cross join lateral (
      -- each meter's own hours, by its key
      select count(*) as wet, sum(h.usage) as usage from hourly_usage h
      where h.service_point_id = w.sp and h.hour >= ${end} - make_interval(hours => w.leak_hours) and h.hour < ${end}
        and h.usage >= w.leak_gal
    ) x
    where x.wet = w.leak_hours`,
  });
}

/**
 * The last night of each property, 00:00 to 06:00 local, once it is over: tonight's after
 * 06:00, else the night before. Its UTC bounds hold the hours a daylight-saving change takes
 * away or adds.
 */
const lastNight = (now: Date) => sql`
  select n.day, n.day::timestamp at time zone w.tz as night_from, (n.day + time '06:00') at time zone w.tz as night_to
  from (select ((${at(now)} at time zone w.tz) - interval '6 hours')::date as day) n`;

/**
 * Night flow: more than night_flow_gallons of water between 00:00 and 06:00 local, the
 * location vacant all night (and no guest now). Once a meter and night; none while the meter
 * has an open leak alert (which says more). Resolves on check-in or when a later night is at
 * or below the threshold.
 */
export async function detectNightFlow(q: Queryable, now: Date): Promise<number> {
  const nights = sql`
    select w.*, n.day, n.night_from, n.night_to, coalesce(u.usage, 0) as usage
    from (${watched('gal')}) w
    cross join lateral (${lastNight(now)}) n
    cross join lateral (
      select sum(h.usage) as usage from hourly_usage h
      where h.service_point_id = w.sp and h.hour >= n.night_from and h.hour < n.night_to
    ) u`;
  return sweep(q, 'nightFlow', now, {
    meters: nights,
    cleared: sql`x.is_checked_in or (x.day > (a.params->>'day')::date and x.usage <= x.night_gal)`,
    candidates: sql`
    select x.sp, x.site_id, jsonb_build_object('usage', round(x.usage, 1), 'day', x.day::text) as params
    from (${nights}) x
    where not x.is_checked_in and x.usage > x.night_gal
      and ${vacantBetween(sql`x.location_id`, sql`x.night_from`, sql`x.night_to`)}
      and not exists (
        select 1 from system_alerts a where a.service_point_id = x.sp
          and ((a.kind = 'leak' and a.resolved_at is null) or (a.kind = 'nightFlow' and a.params->>'day' = x.day::text)))`,
  });
}

/**
 * Abnormal use: an electric meter's use of the last complete local day above
 * abnormal_multiple × the median of its active days (ACTIVE_DAY_KWH or more) among the 30
 * before, given MIN_ACTIVE_DAYS of them. Once a meter and day. Resolves when a later complete
 * day is back at or under the threshold.
 */
export async function detectAbnormalUse(q: Queryable, now: Date): Promise<number> {
  const days = sql`
    select w.*, d.day, coalesce((
      select u.usage from daily_usage u where u.service_point_id = w.sp and u.day = d.day
    ), 0) as usage, m.median
    from (${watched('kWh')}) w
    cross join lateral (select (${at(now)} at time zone w.tz)::date - 1 as day) d
    cross join lateral (
      select case when count(*) >= ${MIN_ACTIVE_DAYS} then percentile_cont(0.5) within group (order by p.usage) end as median
      from daily_usage p
      where p.service_point_id = w.sp and p.day >= d.day - 30 and p.day < d.day and p.usage >= ${ACTIVE_DAY_KWH}
        and not ${turnover(sql`w.location_id`, sql`p.day`, sql`w.tz`)}
    ) m`;
  return sweep(q, 'abnormalUse', now, {
    meters: days,
    cleared: sql`x.day > (a.params->>'day')::date
      and not (x.median is not null and x.usage > x.multiple * x.median)`,
    candidates: sql`
    select x.sp, x.site_id, jsonb_build_object('usage', round(x.usage, 1), 'day', x.day::text,
      'multiple', x.multiple, 'median', round(x.median::numeric, 1)) as params
    from (${days}) x
    where x.median is not null and x.usage > x.multiple * x.median
      and not exists (
        select 1 from system_alerts a where a.service_point_id = x.sp and a.kind = 'abnormalUse'
          and a.params->>'day' = x.day::text)`,
  });
}

/**
 * Draw at a vacant location: an electric meter's last complete hour above
 * vacant_kwh_per_hour, the location vacant the whole hour and now. Resolves on check-in or
 * when a later hour is at or below the threshold.
 */
export async function detectVacantDraw(q: Queryable, now: Date): Promise<number> {
  const end = hourNow(now);
  const hours = sql`
    select w.*, coalesce((
      select h.usage from hourly_usage h where h.service_point_id = w.sp and h.hour = ${end} - interval '1 hour'
    ), 0) as usage
    from (${watched('kWh')}) w`;
  return sweep(q, 'vacantDraw', now, {
    meters: hours,
    cleared: sql`x.is_checked_in or (${end} > (a.params->>'at')::timestamptz and x.usage <= x.vacant_kwh)`,
    candidates: sql`
    select x.sp, x.site_id, jsonb_build_object('usage', round(x.usage, 1),
      'at', to_char(${end} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')) as params
    from (${hours}) x
    where not x.is_checked_in and x.usage > x.vacant_kwh
      and ${vacantBetween(sql`x.location_id`, sql`${end} - interval '1 hour'`, end)}`,
  });
}

/** Forgets the hourly roll-up older than HOURLY_RETENTION_DAYS (deleting twice is harmless). */
export async function pruneHourlyUsage(q: Queryable, now: Date): Promise<number> {
  const gone = await rows<{ n: number | string }>(
    q,
    sql`with d as (delete from hourly_usage where hour < ${hourNow(now)} - interval '${sql.raw(
      String(HOURLY_RETENTION_DAYS),
    )} days' returning 1) select count(*) as n from d`,
  );
  return Number(gone[0]?.n ?? 0);
}

/** The rules as jobs: each in its own transaction, at the deps' time. */
const job =
  (rule: (q: Queryable, now: Date) => Promise<number>) =>
  (deps: Deps): Promise<number> =>
    deps.db.transaction((tx) => rule(tx, deps.now()));

export const leakJob = job(detectLeaks);
export const nightFlowJob = job(detectNightFlow);
export const abnormalUseJob = job(detectAbnormalUse);
export const vacantDrawJob = job(detectVacantDraw);
export const pruneHourlyJob = (deps: Deps) => pruneHourlyUsage(deps.db, deps.now());
