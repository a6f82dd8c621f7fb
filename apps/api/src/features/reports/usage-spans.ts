import { sql, type SQL } from 'drizzle-orm';
import { levelBefore, offTheLine, totalBefore, usageBetween } from '../meters';

/** The usage of meter `e.sp` from its raw readings read in [from, to), as one row of `day` (none when nothing was read there). */
const rawRange = (day: SQL, from: SQL, to: SQL) => sql`
      select ${day} as day, u.usage from (${usageBetween(sql`e.sp`, from, to)}) u where u.readings > 0`;

/**
 * The meter's usage of the days before `day` (`e`: a row of span_edge, `sp` its meter): the
 * running total of its first roll-up day from `day` on, or all its usage when it has none.
 */
const runningTotal = (day: SQL) => sql`coalesce(${totalBefore(sql`e.sp`, day)}, sp.usage_total)`;

/** The span's whole local days in the daily roll-up (`e`: a row of span_edge). */
const wholeDays = sql.raw('daily_usage d where d.service_point_id = e.sp and d.day >= e.d1 and d.day < e.d2');

/**
 * The one definition of usage that every usage figure of the reports comes from. Input: a
 * CTE `span(k, sp, a, b)`, a meter `sp` over the instants [a, b), `k` a key of the span.
 * Usage over [a, b) is the sum of the rises of the readings read in [a, b): whole local days
 * from the daily roll-up, the partial days at either end from the raw readings with the same
 * rule. Output: `span_day(k, day, usage)`, the span's usage per local day that has readings,
 * and `span_usage(k, usage)`, their sum by span: a report of days and a report of periods add
 * up to the same figures.
 */
export const usageOverSpans = (timeZone: string) => sql`
  span_local as (
    select k, sp, a, b, (a at time zone ${timeZone}) as a_l, (b at time zone ${timeZone})::date as last_day from span
  ), span_day_range as (
    -- [d1, d2): the whole local days of the span
    select k, sp, a, b, a_l::date as first_day, last_day as d2,
      case when a_l::time = '00:00' then a_l::date else a_l::date + 1 end as d1
    from span_local
  ), span_edge as (
    -- [a, m1) and [m2, b): the partial days, read from the raw readings
    select r.*, least(r.d1::timestamp at time zone ${timeZone}, r.b) as m1,
      greatest(r.d2::timestamp at time zone ${timeZone}, least(r.d1::timestamp at time zone ${timeZone}, r.b)) as m2
    from span_day_range r
  ), span_raw as (
    select e.k, r.day, r.usage from span_edge e
    -- two ranges of the (meter, time) key: one condition with 'or' would read every reading of the meter
    cross join lateral (${rawRange(sql`e.first_day`, sql`e.a`, sql`e.m1`)} union all ${rawRange(sql`e.d2`, sql`e.m2`, sql`e.b`)}) r
  ), span_day as (
    select e.k, d.day, d.usage from span_edge e
    -- offset 0: span by span through the roll-up's key, not a join over every meter's days
    cross join lateral (select d.day, d.usage from ${wholeDays} offset 0) d
    union all
    select k, day, usage from span_raw
  ), span_usage as (
    -- the sum of span_day by span, without a row for each day: the whole days' usage is the
    -- difference of the roll-up's running total at either end, two probes by key however long
    -- the span (a meter's days lie on as many pages as it has days)
    select e.k, case when e.d1 < e.d2 then ${runningTotal(sql`e.d2`)} - ${runningTotal(sql`e.d1`)} else 0 end
      + coalesce(r.usage, 0) as usage
    from span_edge e
    join service_points sp on sp.id = e.sp
    left join (select k, sum(usage) as usage from span_raw group by k) r on r.k = e.k
  )`;

/**
 * Rows whose figures reconcile. Input: a CTE `row_span(k, sp, s, e, usage)`, the usage of
 * meter `sp` over [s, e) (from `usageOverSpans`). A row opens at the meter's level before s
 * (`levelBefore`: its last reading before s that moved its level, or the first reading in
 * [s, e) when there is none) and closes at its level before e. Where usage ≠
 * closing − opening, the meter's series breaks inside the span (a reset, a new baseline or a
 * rollover): only then are its raw readings read, and the row is split into one piece per
 * unbroken run. A piece after a reset or a new baseline opens at that reading; at a rollover the
 * piece before closes at the register's end (10^k) and the next opens at 0, so that the usage
 * across it is counted in the two. Output: `row_piece(k, seg, opening, closing, usage)`, usage =
 * closing − opening on every piece, the pieces of a row adding up to its usage.
 */
export const rowPieces = sql`
  row_end as materialized (
    select rs.k, rs.sp, rs.s, rs.e, rs.usage, ${levelBefore(sql`rs.sp`, sql`rs.s`)} as before,
      ${levelBefore(sql`rs.sp`, sql`rs.e`)} as closing
    from row_span rs
  ), row_open as (
    select re.*, coalesce(re.before, (
      select x.total from meter_readings x
      where x.service_point_id = re.sp and x.read_at >= re.s and x.read_at < re.e order by x.read_at limit 1)) as opening
    from row_end re
  ), row_piece as (
    select k, 0::bigint as seg, opening, closing, usage from row_open
    where closing is null or usage = closing - opening
    union all
    select o.k, g.seg, g.opening, g.closing + g.carried, g.usage + g.carried
    from row_open o
    cross join lateral (
      -- a rollover's usage up to the register's end (its carry) belongs to the run before it
      select p.*, coalesce(lead(p.carry) over (order by p.seg), 0) as carried
      from (
        select t.seg, bool_or(t.inside) as inside, sum(t.usage) - (array_agg(t.carry order by t.read_at))[1] as usage,
          (array_agg(t.carry order by t.read_at))[1] as carry,
          case when t.seg = 0 then o.opening when (array_agg(t.kind order by t.read_at))[1] = 'rollover' then 0
            else (array_agg(t.total order by t.read_at))[1] end as opening,
          (array_agg(t.lvl order by t.read_at desc))[1] as closing
        from (
          -- the level after each reading: the total of the last one that moved it
          select u.*, first_value(u.total) over (partition by u.moves order by u.read_at) as lvl
          from (
            select b.*,
              count(*) filter (where b.inside and b.kind in ('reset', 'baseline', 'rollover')) over (order by b.read_at) as seg,
              count(*) filter (where b.kind not in ${offTheLine}) over (order by b.read_at) as moves,
              case when b.inside and b.kind = 'rollover' then b.usage - b.total else 0 end as carry
            from (
              -- the level before the span opens the first run (its own usage is not the span's)
              (select x.read_at, x.total, x.kind, 0::numeric as usage, false as inside from meter_readings x
               where x.service_point_id = o.sp and x.read_at < o.s and x.kind not in ${offTheLine}
               order by x.read_at desc limit 1)
              union all
              select x.read_at, x.total, x.kind, x.usage, true from meter_readings x
              where x.service_point_id = o.sp and x.read_at >= o.s and x.read_at < o.e
            ) b
          ) u
        ) t
        group by t.seg
      ) p
    ) g
    -- a run of no reading of the span's own and no usage (before a break at its start) is left out
    where o.usage <> o.closing - o.opening and (g.inside or g.usage + g.carried <> 0)
  )`;
