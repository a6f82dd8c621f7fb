import { sql, type SQL } from 'drizzle-orm';
import { rows, type Queryable } from '../../db/client';

export type MeterUsageRow = {
  service_point_id: number;
  day_usage: string | null;
  week_usage: string | null;
  month_usage: string | null;
  total_usage: string | null;
};

/**
 * A meter's usage of the days before `day`, from its roll-up's running total: the
 * `total_before` of its first roll-up day from `day` on (null when it has none), one probe by
 * key however many days it has. Its total less this is its usage since `day`.
 */
export const totalBefore = (meter: SQL, day: SQL): SQL => sql`(
    select d.total_before from daily_usage d
    where d.service_point_id = ${meter} and d.day >= ${day} order by d.day limit 1)`;

/**
 * Day, week and month usage of meters, with the boundaries of "today", "this week" (from
 * the site's week start) and "this month" taken in each site's own time zone: the meter's
 * total less the total before its first roll-up day from the boundary on, three lookups by
 * key a meter however many days it has. `meters` selects the service points (a condition
 * on `sp` and `l`).
 */
export function meterUsage(q: Queryable, meters: SQL, now: Date): Promise<MeterUsageRow[]> {
  const since = (from: SQL) => sql`b.usage_total - ${totalBefore(sql`b.id`, from)}`;
  // Materialised so that each meter's boundaries are worked out once, not again in every
  // index probe (the time zone conversion made a third of the query's time).
  return rows<MeterUsageRow>(
    q,
    sql`
    with b as materialized (
      select sp.id, sp.usage_total, t.today,
        t.today - ((extract(isodow from t.today)::int - coalesce(ss.week_start, 1) + 7) % 7) as week_from,
        date_trunc('month', t.today)::date as month_from
      from service_points sp
      join locations l on l.id = sp.location_id
      join sites s on s.id = l.site_id
      left join site_settings ss on ss.site_id = s.id
      cross join lateral (select (${now.toISOString()}::timestamptz at time zone s.time_zone)::date as today) t
      where ${meters} and sp.last_reading_at is not null
    )
    select b.id as service_point_id, ${since(sql`b.today`)} as day_usage, ${since(sql`b.week_from`)} as week_usage,
      ${since(sql`b.month_from`)} as month_usage, b.usage_total as total_usage
    from b`,
  );
}

/** Usage figures are shown as whole numbers (truncated), as the specification says. */
export function toStats(row: MeterUsageRow | undefined) {
  if (!row) return null;
  const whole = (v: string | null) => Math.trunc(Number(v ?? 0));
  return {
    dayUsage: whole(row.day_usage),
    weekUsage: whole(row.week_usage),
    monthUsage: whole(row.month_usage),
    totalUsage: whole(row.total_usage),
  };
}

/**
 * What a meter used over the instants [from, to) (`to` null: up to now): the usage of the
 * readings read in the range, each reading's as it was stored (`recordReadings`: its rise over
 * the reading it is measured from, nothing for a reset, a glitch or a new baseline). One row:
 * `usage` (null when no reading) and `readings`. Every figure over a span of time (stays, the
 * reports' partial days) comes from here, and the daily roll-up is the same sum by day.
 */
export function usageBetween(meter: SQL, from: SQL, to: SQL | null): SQL {
  return sql`
    select sum(r.usage) as usage, count(*) as readings
    from meter_readings r
    -- the range's own test first: an empty range reads no index
    where ${to === null ? sql`` : sql`${from}::timestamptz < ${to}::timestamptz and`} r.service_point_id = ${meter}
      and r.read_at >= ${from}
      ${to === null ? sql`` : sql`and r.read_at < ${to}`}`;
}

/** The kinds of reading that leave a meter's level where it was (`kind not in ${offTheLine}`). */
export const offTheLine = sql`('glitch', 'drop', 'suspect', 'discarded')`;

/**
 * The reading that holds a meter's level before an instant: its last reading before it,
 * passing over one-off totals, suspect rises, undecided drops and discarded readings: the
 * reading the next one is measured from, where a report row or a stay opens and closes. A
 * subquery of (total, read_at, estimated); no row when nothing was read before.
 */
export const levelReadingBefore = (meter: SQL, at: SQL) => sql`
  select x.total, x.read_at, x.estimated from meter_readings x
  where x.service_point_id = ${meter} and x.read_at < ${at} and x.kind not in ${offTheLine}
  order by x.read_at desc limit 1`;

/** A meter's level before an instant (`levelReadingBefore`'s total); null when nothing was read before. */
export const levelBefore = (meter: SQL, at: SQL) => sql`(select l.total from (${levelReadingBefore(meter, at)}) l)`;

/**
 * The proposal for an estimate of a meter's reading at an instant (`sp`: its service_points
 * row): its last reading plus its average use over the 30 days before that reading (taken over
 * a day at least, so that two reads minutes apart do not make a rate), for the time since; a
 * whole number for water. Null without a reading; the last reading when the meter has no use to go by.
 */
export const estimateAt = (sp: SQL, at: SQL) => sql`(
  select trim_scale(round(${sp}.last_reading + coalesce(w.used / greatest(extract(epoch from ${sp}.last_reading_at - w.since), 86400), 0)
      * greatest(extract(epoch from ${at} - ${sp}.last_reading_at), 0),
    case when (select dt.unit from device_types dt where dt.id = ${sp}.device_type_id) = 'gal' then 0 else 2 end))
  from (
    -- the first reading of the window only opens it: its usage is from before
    select min(r.read_at) as since, sum(r.usage) - (array_agg(r.usage order by r.read_at))[1] as used
    from meter_readings r
    where r.service_point_id = ${sp}.id and r.read_at >= ${sp}.last_reading_at - interval '30 days'
      and r.read_at <= ${sp}.last_reading_at
  ) w)`;
