import { sql } from 'drizzle-orm';
import { rows, type Queryable } from '../../db/client';

export type Reading = {
  servicePointId: number;
  readAt: Date;
  /** The cumulative total (kWh or gallons), as text to keep its 6 decimals. */
  total: string;
  /** A manual reset: a new baseline, no usage across it. */
  isReset: boolean;
};

/**
 * Stores readings and keeps the daily roll-ups (of each meter and of each property), each
 * meter's latest reading and its usage total up to date, in one statement for the whole
 * batch. Usage is the rise since the meter's previous reading (zero for a reset or a drop),
 * counted on the local day of the meter's site, the same rule as `rebuildDailyUsage`. A reading older than the meter's latest is stored but
 * not counted. Call inside a transaction when readings of one meter may arrive at once
 * from elsewhere: the meters are locked first.
 */
export async function recordReadings(q: Queryable, batch: Reading[]): Promise<number> {
  if (!batch.length) return 0;
  // Four array literals parse far faster than one JSON document of the same readings.
  const meters = `{${batch.map((r) => r.servicePointId).join(',')}}`;
  const times = `{${batch.map((r) => r.readAt.toISOString()).join(',')}}`;
  const totals = `{${batch.map((r) => r.total).join(',')}}`;
  const resets = `{${batch.map((r) => (r.isReset ? 't' : 'f')).join(',')}}`;
  await q.execute(sql`
    select 1 from service_points where id = any(${meters}::int[]) order by id for update`);
  const [res] = await rows<{ n: number | string }>(
    q,
    sql`
    with incoming as (
      select * from unnest(${meters}::int[], ${times}::timestamptz[], ${totals}::numeric[], ${resets}::boolean[])
        as t(sp, at, total, reset)
    ), inserted as (
      insert into meter_readings (service_point_id, read_at, total, is_reset)
      select sp, at, total, reset from incoming
      on conflict do nothing
      returning service_point_id, read_at, total, is_reset
    ), steps as (
      select i.service_point_id, i.read_at, i.total,
        case when i.is_reset then 0
             else greatest(i.total - coalesce(lag(i.total) over w, sp.last_reading, i.total), 0) end as delta,
        coalesce(s.time_zone, 'UTC') as tz, s.id as site_id, dt.unit, sp.usage_total
      from inserted i
      join service_points sp on sp.id = i.service_point_id
      join device_types dt on dt.id = sp.device_type_id
      left join locations l on l.id = sp.location_id
      left join sites s on s.id = l.site_id
      where sp.last_reading_at is null or i.read_at > sp.last_reading_at
      window w as (partition by i.service_point_id order by i.read_at)
    ), days as (
      select service_point_id, site_id, unit, (read_at at time zone tz)::date as day, sum(delta) as usage,
        min(usage_total) as usage_total,
        (array_agg(total order by read_at))[1] as first_total,
        (array_agg(total order by read_at desc))[1] as last_total,
        max(read_at) as last_at
      from steps group by service_point_id, site_id, unit, day
    ), rolled as (
      -- counted readings are never older than the meter's latest day, so a new day's row
      -- comes after every day already counted: its total before is the meter's total so far
      insert into daily_usage as d (service_point_id, day, usage, total_before, first_reading, last_reading, last_read_at)
      select service_point_id, day, usage,
        usage_total + coalesce(sum(usage) over (partition by service_point_id order by day rows between unbounded preceding and 1 preceding), 0),
        first_total, last_total, last_at
      from days
      on conflict (service_point_id, day) do update
        set usage = d.usage + excluded.usage, last_reading = excluded.last_reading, last_read_at = excluded.last_read_at
      returning 1
    ), site_rolled as (
      insert into site_daily_usage as sd (site_id, day, kwh, gallons)
      select site_id, day, coalesce(sum(usage) filter (where unit = 'kWh'), 0), coalesce(sum(usage) filter (where unit = 'gal'), 0)
      from days where site_id is not null
      group by site_id, day
      -- in key order, so that batches of one property lock its days in the same order
      order by site_id, day
      on conflict (site_id, day) do update set kwh = sd.kwh + excluded.kwh, gallons = sd.gallons + excluded.gallons
      returning 1
    ), latest as (
      select distinct on (service_point_id) service_point_id, read_at, total,
        sum(delta) over (partition by service_point_id) as added
      from steps order by service_point_id, read_at desc
    ), meters as (
      update service_points sp
        set last_reading = latest.total, last_reading_at = latest.read_at, usage_total = sp.usage_total + latest.added,
            last_seen_at = greatest(sp.last_seen_at, latest.read_at), is_missing_device = false
      from latest where sp.id = latest.service_point_id
      returning 1
    )
    select (select count(*) from inserted) as n, (select count(*) from rolled) as r, (select count(*) from site_rolled) as s,
      (select count(*) from meters) as m`,
  );
  return Number(res?.n ?? 0);
}
