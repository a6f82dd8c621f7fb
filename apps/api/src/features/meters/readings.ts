import { sql } from 'drizzle-orm';
import type { StatementRevisionReason } from '@portal/contract';
import { intArray, rows, type Db, type Queryable } from '../../db/client';
import { groupBy } from '../../lib/group';
import { metersOfBatch, readingsAfter, wholeSeries } from './reading-context';
import { raiseAlerts, reciteAlerts } from './reading-rule';
import { walkMeter, type Change, type Walk } from './reading-walk';
import { decimalText } from './rule';

export type Reading = {
  servicePointId: number;
  readAt: Date;
  /** The cumulative total (kWh or gallons), as text to keep its 6 decimals. */
  total: string;
  /** A manual reset: a new baseline, no usage across it. */
  isReset: boolean;
  /** Not read off the meter but proposed from its history. */
  estimated?: boolean;
};

export type RecordOptions = {
  /** When the meters were heard (the server's clock): their last-seen time. Hand reads and imports leave it out. */
  seenAt?: Date;
  /** Why the closed stays these readings may change are reviewed, and who caused it (a late reading by a device, else). */
  review?: { reason: StatementRevisionReason; userAccountId: number | null };
};

/** What a batch did: how many readings it stored, and those it refused for another total stored at their instant. */
export type Recorded = { stored: number; conflicts: Reading[] };

/**
 * Stores readings, each with its kind and the usage it adds by the rule (rule.ts), and keeps the
 * daily roll-ups (of each meter and of each property), the hourly one of each meter, each
 * meter's latest reading and its usage total. Readings may come in any order: a reading between
 * stored ones is placed at its instant, the stored readings it changes (the one before it and
 * those after it, as far as their level differs) are walked again and the roll-ups move by the
 * difference, so the figures are those of the readings arriving in time. A reading at an
 * instant already stored for its meter is ignored (the first one counts), as is the second of
 * two in one batch; one with another total is answered as a conflict. The closed stays whose
 * figures a late or reclassified reading may change are queued for review
 * (`statement_reviews`). Call inside a transaction when readings of one meter may arrive at
 * once from elsewhere: the meters are locked first.
 */
/** How many stored readings after a late batch are read at a time to walk them again. */
const AFTER = 8;

export async function recordReadings(q: Queryable, batch: Reading[], options: RecordOptions = {}): Promise<Recorded> {
  if (!batch.length) return { stored: 0, conflicts: [] };
  const byMeter = groupBy(batch, (r) => r.servicePointId);
  const spans = [...byMeter].map(([sp, own]) => ({
    sp,
    lo: new Date(Math.min(...own.map((r) => r.readAt.getTime()))),
    hi: new Date(Math.max(...own.map((r) => r.readAt.getTime()))),
  }));
  await q.execute(sql`
    select 1 from service_points where id = any(${intArray(spans.map((m) => m.sp))}) order by id for update`);
  const meters = await metersOfBatch(q, spans);
  const fresh = (sp: number) =>
    byMeter.get(sp)!.map((r) => ({ at: r.readAt.getTime(), total: r.total, reset: r.isReset }));
  const walks = new Map<number, Walk>();
  const changes: Array<Change & { sp: number }> = [];
  const conflicts: Reading[] = [];
  const collect = (sp: number, w: Walk) => {
    changes.push(...w.changes.map((c) => ({ ...c, sp })));
    conflicts.push(
      ...w.conflicts.map((f) => ({ servicePointId: sp, readAt: new Date(f.at), total: f.total, isReset: f.reset })),
    );
    walks.set(sp, w);
  };
  // a batch after the meter's latest reading lands among none of them; a late one is walked
  // through those it lands among and those after it, read a few at a time as long as they change
  const late = meters.filter((m) => m.latest !== null && m.lo <= m.latest);
  for (const m of meters.filter((x) => !late.includes(x))) collect(m.sp, walkMeter(m, fresh(m.sp), [], false));
  let from = new Map(late.map((m) => [m.sp, new Date(m.lo)]));
  while (from.size) {
    const read = groupBy(
      await readingsAfter(
        q,
        [...from].map(([sp, at]) => ({ ...spans.find((x) => x.sp === sp)!, from: at })),
        AFTER,
      ),
      (r) => r.sp,
    );
    const next = new Map<number, Date>();
    for (const [sp] of from) {
      const m = meters.find((x) => x.sp === sp)!;
      const later = read.get(sp) ?? [];
      const more = later.filter((r) => r.past).length === AFTER;
      const before = walks.get(sp)?.unsettled;
      const w = walkMeter(m, before ? [] : fresh(sp), later, more, { resume: before ?? undefined });
      collect(sp, w);
      if (w.unsettled) next.set(sp, new Date(w.unsettled.from));
    }
    from = next;
  }
  const estimated = new Set(batch.filter((r) => r.estimated).map((r) => `${r.servicePointId}@${r.readAt.getTime()}`));
  const { stored, revisited } = await writeChanges(q, changes, spans, options, estimated);
  if (revisited.length) await q.execute(reciteAlerts(intArray(revisited)));
  return { stored, conflicts };
}

/**
 * Walks every reading of these meters again by the rule, as when the rule itself or a meter's
 * rate changed, storing what differs with the roll-ups moved by the difference (`writeChanges`).
 * Returns how many readings changed.
 */
export async function reclassifyMeters(q: Queryable, meterIds: number[], options: RecordOptions = {}): Promise<number> {
  if (!meterIds.length) return 0;
  await q.execute(sql`select 1 from service_points where id = any(${intArray(meterIds)}) order by id for update`);
  const changes: Array<Change & { sp: number }> = [];
  for (const sp of meterIds) {
    const { rate, readings } = await wholeSeries(q, sp);
    const walked = walkMeter({ rate, before: null, level: null }, [], readings, false, { wholly: true });
    changes.push(...walked.changes.map((c) => ({ ...c, sp })));
  }
  const { revisited } = await writeChanges(
    q,
    changes,
    meterIds.map((sp) => ({ sp })),
    options,
  );
  if (revisited.length) await q.execute(reciteAlerts(intArray(revisited)));
  return changes.length;
}

/** How many queued meters one run of the job walks again. */
const METERS_A_RUN = 20;

/**
 * The job: meters queued when the rule changed (`reclassify_queue`, migration 0022) are walked
 * again a few at a time, each in a transaction with its removal from the queue, so that a kill
 * loses nothing and instances share the queue. The closed stays they change are reviewed.
 */
export async function reclassifyQueuedMeters(deps: { db: Db }): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const taken = await rows<{ id: number }>(
      tx,
      sql`
      delete from reclassify_queue where service_point_id in (
        select service_point_id from reclassify_queue order by 1 limit ${METERS_A_RUN} for update skip locked)
      returning service_point_id as id`,
    );
    await reclassifyMeters(
      tx,
      taken.map((t) => t.id),
      { review: { reason: 'ruleChanged', userAccountId: null } },
    );
    return taken.length;
  });
}

/**
 * Stores a batch's changes in one statement: the new readings, the kinds and usage of stored
 * ones walked again, and by the difference each makes, the daily roll-ups (of each meter and
 * of each property), the hourly one of each meter, each meter's latest reading and usage total;
 * raises the alerts of readings newly found to break a series, and queues the closed stays a
 * reading placed before a meter's latest may change for review. Answers how many readings it
 * stored, and the meters whose stored readings it walked again or placed one before (their open
 * alerts may cite readings that changed: `reciteAlerts`).
 */
async function writeChanges(
  q: Queryable,
  changes: Array<Change & { sp: number }>,
  spans: Array<{ sp: number }>,
  options: RecordOptions,
  estimated: ReadonlySet<string> = new Set(),
): Promise<{ stored: number; revisited: number[] }> {
  const review = options.review ?? { reason: 'lateReading', userAccountId: null };
  const seenAt = options.seenAt ?? null;
  if (!changes.length && seenAt === null) return { stored: 0, revisited: [] };
  const list = <T>(pick: (c: Change & { sp: number }) => T) => `{${changes.map((c) => pick(c) ?? 'NULL').join(',')}}`;
  const [res] = await rows<{ n: number | string; revisited: number[] | null }>(
    q,
    sql`
    with changed_in as (
      select * from unnest(${list((c) => c.sp)}::int[], ${list((c) => new Date(c.at).toISOString())}::timestamptz[],
        ${list((c) => c.total)}::numeric[], ${list((c) => (c.reset ? 't' : 'f'))}::boolean[],
        ${list((c) => c.kind)}::reading_kind[], ${list((c) => decimalText(c.usage))}::numeric[],
        ${list((c) => (c.delta < 0n ? `-${decimalText(-c.delta)}` : decimalText(c.delta)))}::numeric[],
        ${list((c) => (c.ref === null ? null : decimalText(c.ref)))}::numeric[], ${list((c) => (c.fresh ? 't' : 'f'))}::boolean[],
        ${list((c) => c.oldKind)}::reading_kind[], ${list((c) => (estimated.has(`${c.sp}@${c.at}`) ? 't' : 'f'))}::boolean[])
        as t(sp, at, total, reset, kind, usage, delta, ref, fresh, old_kind, estimated)
    ), meta as (
      select sp.id as sp, sp.last_reading_at as latest, sp.usage_total, coalesce(s.time_zone, 'UTC') as tz, s.id as site_id, dt.unit
      from service_points sp
      join device_types dt on dt.id = sp.device_type_id
      left join locations l on l.id = sp.location_id
      left join sites s on s.id = l.site_id
      where sp.id = any(${intArray(spans.map((m) => m.sp))})
    ), changed as (
      select c.*, (c.at at time zone m.tz)::date as day from changed_in c join meta m on m.sp = c.sp
    ), inserted as (
      insert into meter_readings (service_point_id, read_at, total, is_reset, kind, usage, estimated)
      select sp, at, total, reset, kind, usage, estimated from changed where fresh
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
          -- (none stored: an estimate just set aside for the actual read at its instant)
          else coalesce((select case when x.read_at < c.first_at then x.total else c.first_total end
                from meter_readings x join meta m on m.sp = c.sp
                where x.service_point_id = c.sp and x.read_at >= c.day::timestamp at time zone m.tz
                order by x.read_at limit 1), c.first_total)
        end as first_reading,
        -- at the day's last instant itself: an actual read that replaced the estimate there
        case when c.last_at >= o.last_read_at or o.day is null then c.last_total else o.last_reading end as last_reading,
        case when c.last_at >= o.last_read_at or o.day is null then c.last_at else o.last_read_at end as last_read_at
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
        set usage_total = sp.usage_total + coalesce(c.added, 0),
          last_reading = case when c.at >= m.latest or m.latest is null then c.total else sp.last_reading end,
          last_reading_at = greatest(sp.last_reading_at, c.at),
          last_seen_at = greatest(sp.last_seen_at, ${seenAt}::timestamptz)
      from meta m left join meter_change c on c.sp = m.sp
      where sp.id = m.sp and (c.sp is not null or ${seenAt}::timestamptz is not null)
      returning 1
    ), alerts as (
      ${raiseAlerts(sql`select * from changed where kind is distinct from old_kind`, sql`select sp, site_id from meta`)}
    ), reviews as (
      -- a reading placed before a meter's latest may change the figures of the closed stays ending after it
      insert into statement_reviews as r (stay_id, reason, user_account_id)
      select distinct st.id, ${review.reason}, ${review.userAccountId}::int
      from (
        select c.sp, min(c.at) as since from changed c join meta m on m.sp = c.sp
        where not c.fresh or c.at < m.latest group by c.sp
      ) c
      join stay_meters sm on sm.service_point_id = c.sp
      join stays st on st.id = sm.stay_id and st.checkout_at > c.since
      order by st.id
      on conflict (stay_id) do update set reason = excluded.reason, user_account_id = excluded.user_account_id
      returning 1
    )
    select (select count(*) from inserted) as n, (select count(*) from reclassified) as u, (select count(*) from rolled) as r,
      (select count(*) from site_rolled) as s, (select count(*) from hour_rolled) + (select count(*) from hour_added) as h,
      (select count(*) from meters) as m, (select count(*) from alerts) as a, (select count(*) from reviews) as v,
      (select array_agg(distinct c.sp) from changed c join meta m on m.sp = c.sp where not c.fresh or c.at < m.latest)
        as revisited`,
  );
  return { stored: Number(res?.n ?? 0), revisited: res?.revisited ?? [] };
}
