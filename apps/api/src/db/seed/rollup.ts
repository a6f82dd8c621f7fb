import { sql } from 'drizzle-orm';
import { reclassifyMeters } from '../../features/meters/readings';
import { rows, type Queryable } from '../client';

/**
 * Walks every reading again by the usage rule (`reclassifyMeters`, writing only the readings
 * whose kind or usage differ; skipped with `readingsClassified`, when whoever wrote the
 * readings gave each the kind and usage of the rule) and recomputes the daily usage roll-ups
 * from the readings' usage. A reading's day is its local date in the time zone of the site of the meter's
 * location (UTC for a meter in stock). Each meter's usage total is set to the sum, and each
 * property's days to the sum of its meters'. Returns the number of meter-days written.
 *
 * Shaped for millions of readings: it works meter by meter (lateral subqueries), so the
 * window runs in primary key order without sorting. Converting every reading to local
 * time is costly, so each meter gets the UTC instants of the local midnights in its range
 * and a reading's day is found with width_bucket (a binary search). The first and last
 * reading of each day are fetched by key afterwards.
 */
export async function rebuildDailyUsage(
  q: Queryable,
  { readingsClassified = false }: { readingsClassified?: boolean } = {},
): Promise<number> {
  if (!readingsClassified) {
    const meters = await rows<{ id: number }>(q, sql`select id from service_points order by id`);
    await reclassifyMeters(
      q,
      meters.map((m) => m.id),
    );
  }
  await q.execute(sql`delete from daily_usage`);
  const [res] = await rows<{ n: number | string }>(
    q,
    sql`
    with meters as (
      select sp.id, coalesce(s.time_zone, 'UTC') as tz
      from service_points sp
      left join locations l on l.id = sp.location_id
      left join sites s on s.id = l.site_id
    ), spans as materialized (
      select m.id, (e.lo at time zone m.tz)::date as first_day, coalesce(b.midnights, '{}') as midnights
      from meters m
      cross join lateral (
        select min(r.read_at) as lo, max(r.read_at) as hi from meter_readings r where r.service_point_id = m.id
      ) e
      cross join lateral (
        select array_agg(d at time zone m.tz order by d) as midnights
        from generate_series((e.lo at time zone m.tz)::date::timestamp + interval '1 day', (e.hi at time zone m.tz)::date::timestamp, interval '1 day') as d
      ) b
      where e.lo is not null
    ), days as (
      select sp.id as service_point_id, sp.first_day + d.bucket as day, d.usage, d.first_at, d.last_at
      from spans sp
      cross join lateral (
        select width_bucket(x.read_at, sp.midnights) as bucket, sum(x.usage) as usage,
          min(x.read_at) as first_at, max(x.read_at) as last_at
        from meter_readings x
        where x.service_point_id = sp.id
        group by 1
      ) d
    ), ins as (
      insert into daily_usage (service_point_id, day, usage, total_before, first_reading, last_reading, last_read_at)
      select d.service_point_id, d.day, d.usage,
        coalesce(sum(d.usage) over (partition by d.service_point_id order by d.day rows between unbounded preceding and 1 preceding), 0),
        f.total, l.total, d.last_at
      from days d
      cross join lateral (
        select r.total from meter_readings r where r.service_point_id = d.service_point_id and r.read_at = d.first_at limit 1
      ) f
      cross join lateral (
        select r.total from meter_readings r where r.service_point_id = d.service_point_id and r.read_at = d.last_at limit 1
      ) l
      returning 1
    )
    select count(*) as n from ins`,
  );
  await q.execute(sql`
    update service_points sp set usage_total = coalesce((select sum(d.usage) from daily_usage d where d.service_point_id = sp.id), 0)`);
  await q.execute(sql`delete from site_daily_usage`);
  await q.execute(sql`
    insert into site_daily_usage (site_id, day, kwh, gallons)
    select l.site_id, d.day,
      coalesce(sum(d.usage) filter (where dt.unit = 'kWh'), 0), coalesce(sum(d.usage) filter (where dt.unit = 'gal'), 0)
    from daily_usage d
    join service_points sp on sp.id = d.service_point_id
    join locations l on l.id = sp.location_id
    join device_types dt on dt.id = sp.device_type_id
    group by l.site_id, d.day`);
  return Number(res?.n ?? 0);
}

/**
 * Recomputes the hourly roll-up (UTC hours) from the readings' usage, for the hours from
 * `since` on (older hours are not kept: see `pruneHourlyUsage`): one pass over the readings
 * from `since`, written in key order. Returns the number of meter-hours written.
 */
export async function rebuildHourlyUsage(q: Queryable, since: Date): Promise<number> {
  await q.execute(sql`delete from hourly_usage`);
  const [res] = await rows<{ n: number | string }>(
    q,
    sql`
    with ins as (
      insert into hourly_usage (service_point_id, hour, usage)
      -- binned from the epoch: the UTC hour, cheaper than date_trunc in a zone
      select r.service_point_id, date_bin('1 hour', r.read_at, 'epoch'::timestamptz), sum(r.usage)
      from meter_readings r
      where r.read_at >= date_trunc('hour', ${since.toISOString()}::timestamptz, 'UTC')
      group by 1, 2
      having sum(r.usage) <> 0
      order by 1, 2
      returning 1
    )
    select count(*) as n from ins`,
  );
  return Number(res?.n ?? 0);
}
