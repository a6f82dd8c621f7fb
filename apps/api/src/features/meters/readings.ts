import { sql, type SQL } from 'drizzle-orm';
import { rows, type Queryable } from '../../db/client';
import { classified, raiseAlerts } from './reading-rule';

export type Reading = {
  servicePointId: number;
  readAt: Date;
  /** The cumulative total (kWh or gallons), as text to keep its 6 decimals. */
  total: string;
  /** A manual reset: a new baseline, no usage across it. */
  isReset: boolean;
};

/**
 * Stores readings, each with its kind and the usage it adds (`classified`), and keeps the
 * daily roll-ups (of each meter and of each property), the hourly one of each meter, each meter's latest reading and its
 * usage total, in one statement for the whole batch. Readings may come in any order: a reading
 * between stored ones is placed at its instant, the stored readings it changes (the one before
 * it, the two after it) are classified again and the roll-ups move by the difference, so the
 * figures are those of the readings arriving in time. A reading at an instant already stored
 * for its meter is ignored (the first one counts), as is the second of two in one batch.
 * Returns how many readings were stored. Call inside a transaction when readings of one meter
 * may arrive at once from elsewhere: the meters are locked first.
 */
/** A meter's stored readings (`m.sp`) around a batch, as the rule reads them: `where` picks and orders them. */
const around = (where: SQL) => sql`
  select x.read_at as at, x.total, x.is_reset as reset, x.kind as old_kind, x.usage as old_usage
  from meter_readings x where x.service_point_id = m.sp and ${where}`;

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
        with ordinality as t(sp, at, total, reset, ord)
    ), meta as (
      select b.sp, b.lo, b.hi, sp.last_reading_at as latest, sp.usage_total,
        coalesce(s.time_zone, 'UTC') as tz, s.id as site_id, dt.unit
      from (select sp, min(at) as lo, max(at) as hi from incoming group by sp) b
      join service_points sp on sp.id = b.sp
      join device_types dt on dt.id = sp.device_type_id
      left join locations l on l.id = sp.location_id
      left join sites s on s.id = l.site_id
    ), stored as (
      -- the stored readings the batch may change, with the context their rule needs: the two
      -- before it (the latest changes only if it is a lower total, which its next reading decides;
      -- one before a glitch never is, so two readings are all it is measured over), any among
      -- its own, and the three after it (the first two may change); only a batch reaching back
      -- before the meter's latest reads the last two
      select m.sp, x.*, 'before' as pos from meta m
      cross join lateral (${around(sql`x.read_at < m.lo order by x.read_at desc limit 2`)}) x
      union all
      select m.sp, x.*, 'within' from meta m
      cross join lateral (${around(sql`x.read_at between m.lo and m.hi`)}) x
      where m.lo <= m.latest
      union all
      select m.sp, x.*, 'after' from meta m
      cross join lateral (${around(sql`x.read_at > m.hi order by x.read_at limit 3`)}) x
      where m.hi < m.latest
    ), merged as (
      -- of the readings of a meter at one instant the first counts: the stored one, else the
      -- batch's first; in the same pass (one sort for this and the rule's window), which stored
      -- readings may change: the latest before the batch when a lower total, the first two after
      select * from (
        select c.*, lag(c.at) over w as prev_at,
          c.pos = 'within' or c.pos = 'fresh'
            or (c.pos = 'before' and lead(c.pos) over w is distinct from 'before' and c.old_kind not in ('normal', 'reset'))
            or (c.pos = 'after' and lag(c.pos, 2) over w is distinct from 'after') as redo
        from (
          select sp, at, total, reset, old_kind, old_usage, pos, 0 as ord from stored
          union all
          select sp, at, total, reset, null, null, 'fresh', ord from incoming
        ) c
        window w as (partition by c.sp order by c.at, c.pos = 'fresh', c.ord)
      ) d
      where prev_at is distinct from at
    ), changed as (
      select c.sp, c.at, c.total, c.reset, c.ref, c.kind, c.usage, c.old_kind, c.pos = 'fresh' as fresh,
        c.usage - coalesce(c.old_usage, 0) as delta, (c.at at time zone m.tz)::date as day
      from (${classified(sql`select * from merged`)}) c
      join meta m on m.sp = c.sp
      where c.redo and (c.pos = 'fresh' or c.kind <> c.old_kind or c.usage <> c.old_usage)
    ), inserted as (
      insert into meter_readings (service_point_id, read_at, total, is_reset, kind, usage)
      select sp, at, total, reset, kind, usage from changed where fresh
      returning 1
    ), reclassified as (
      update meter_readings r set kind = c.kind, usage = c.usage
      from changed c where not c.fresh and r.service_point_id = c.sp and r.read_at = c.at
      returning 1
    ), day_change as (
      select sp, day, sum(delta) as delta, min(at) filter (where fresh) as first_at, max(at) filter (where fresh) as last_at,
        (array_agg(total order by at) filter (where fresh))[1] as first_total,
        (array_agg(total order by at desc) filter (where fresh))[1] as last_total
      from changed group by sp, day
    ), old_day as (
      -- the roll-up's days of each meter from its first changed day on: their total before moves
      select d.* from (select sp, min(day) as d0 from day_change group by sp) f
      cross join lateral (select * from daily_usage d where d.service_point_id = f.sp and d.day >= f.d0) d
    ), day_row as (
      select coalesce(c.sp, o.service_point_id) as sp, coalesce(c.day, o.day) as day, o.day is null as is_new,
        coalesce(o.usage, 0) + coalesce(c.delta, 0) as usage, coalesce(o.usage, 0) as old_usage, o.total_before as old_before,
        o.first_reading as old_first, o.last_read_at as old_last_at,
        case
          when o.day is null then c.first_total
          when c.first_at is null or c.first_at > o.last_read_at then o.first_reading
          -- a late reading in a day already rolled up: the earlier of it and the day's first stored reading
          else (select case when x.read_at < c.first_at then x.total else c.first_total end
                from meter_readings x join meta m on m.sp = c.sp
                where x.service_point_id = c.sp and x.read_at >= c.day::timestamp at time zone m.tz
                order by x.read_at limit 1)
        end as first_reading,
        case when c.last_at > o.last_read_at or o.day is null then c.last_total else o.last_reading end as last_reading,
        case when c.last_at > o.last_read_at or o.day is null then c.last_at else o.last_read_at end as last_read_at
      from day_change c full join old_day o on o.service_point_id = c.sp and o.day = c.day
    ), day_final as (
      select r.*, m.usage_total - sum(r.old_usage) over (partition by r.sp)
        + coalesce(sum(r.usage) over (partition by r.sp order by r.day rows between unbounded preceding and 1 preceding), 0)
        as total_before
      from day_row r join meta m on m.sp = r.sp
    ), rolled as (
      insert into daily_usage as d (service_point_id, day, usage, total_before, first_reading, last_reading, last_read_at)
      select sp, day, usage, total_before, first_reading, last_reading, last_read_at
      from day_final
      where is_new or usage <> old_usage or total_before <> old_before or last_read_at <> old_last_at
        or first_reading <> old_first
      on conflict (service_point_id, day) do update
        set usage = excluded.usage, total_before = excluded.total_before, first_reading = excluded.first_reading,
          last_reading = excluded.last_reading, last_read_at = excluded.last_read_at
      returning 1
    ), site_rolled as (
      insert into site_daily_usage as sd (site_id, day, kwh, gallons)
      select m.site_id, c.day, coalesce(sum(c.delta) filter (where m.unit = 'kWh'), 0),
        coalesce(sum(c.delta) filter (where m.unit = 'gal'), 0)
      from day_change c join meta m on m.sp = c.sp
      where m.site_id is not null and c.delta <> 0
      group by m.site_id, c.day
      -- in key order, so that batches of one property lock its days in the same order
      order by m.site_id, c.day
      on conflict (site_id, day) do update set kwh = sd.kwh + excluded.kwh, gallons = sd.gallons + excluded.gallons
      returning 1
    ), hour_change as (
      -- the hourly roll-up (UTC hours) the detection rules read, moved by the same differences;
      -- the meters are locked, so a missing hour is inserted by this batch alone (an hour already
      -- pruned gets no row back from a late correction)
      select sp, date_trunc('hour', at, 'UTC') as hour, sum(delta) as delta from changed group by 1, 2 having sum(delta) <> 0
    ), hour_rolled as (
      update hourly_usage h set usage = h.usage + c.delta
      from hour_change c where h.service_point_id = c.sp and h.hour = c.hour
      returning 1
    ), hour_added as (
      insert into hourly_usage as h (service_point_id, hour, usage)
      select c.sp, c.hour, c.delta from hour_change c
      where c.delta > 0 and not exists (select 1 from hourly_usage x where x.service_point_id = c.sp and x.hour = c.hour)
      order by 1, 2
      on conflict (service_point_id, hour) do update set usage = h.usage + excluded.usage
      returning 1
    ), meter_change as (
      select distinct on (sp) sp, sum(delta) over (partition by sp) as added, last_at as at, last_total as total
      from day_change order by sp, last_at desc nulls last
    ), meters as (
      update service_points sp
        set usage_total = sp.usage_total + c.added,
          last_reading = case when c.at > m.latest or m.latest is null then c.total else sp.last_reading end,
          last_reading_at = greatest(sp.last_reading_at, c.at),
          last_seen_at = greatest(sp.last_seen_at, c.at), is_missing_device = sp.is_missing_device and c.at is null
      from meter_change c join meta m on m.sp = c.sp
      where sp.id = c.sp
      returning 1
    ), alerts as (
      ${raiseAlerts(sql`select * from changed where kind is distinct from old_kind`, sql`select sp, site_id from meta`)}
    )
    select (select count(*) from inserted) as n, (select count(*) from reclassified) as u, (select count(*) from rolled) as r,
      (select count(*) from site_rolled) as s, (select count(*) from hour_rolled) + (select count(*) from hour_added) as h, (select count(*) from meters) as m, (select count(*) from alerts) as a`,
  );
  return Number(res?.n ?? 0);
}
