import { sql, type SQL } from 'drizzle-orm';
import { rows, type Queryable } from '../../db/client';

/** How far above the last reading the next one is expected, as a share over the highest daily usage of the last 30 days. */
const EXPECTED_MARGIN = 1.25;

/**
 * The most a meter's total is expected to be at `at`, from `total` read at `readAt`: that
 * total plus the highest daily usage of the 30 days before it for each day begun since, with a
 * margin. Null without a total or without use.
 */
export const expectedMost = (meterId: SQL, total: SQL, readAt: SQL, at: SQL): SQL => sql`
  trim_scale(round(${total} + nullif((
    select max(d.usage) from daily_usage d
    where d.service_point_id = ${meterId} and d.day >= (${readAt} - interval '30 days')::date), 0)
    * ${EXPECTED_MARGIN} * greatest(1, ceil(extract(epoch from (${at} - ${readAt})) / 86400)), 6))`;

/** A reading to check: its meter, instant and total (decimal text). */
export type Candidate = { servicePointId: number; readAt: Date; total: string };

/**
 * What a reading is among its meter's stored ones: whether the same total is stored at its
 * instant already, or another (a conflict), the total of the reading before it (stored and not
 * discarded, or one of the same candidates), whether it is below that one, and whether it is
 * above the most expected from it.
 */
export type Surroundings = {
  alreadyStored: boolean;
  conflicting: boolean;
  previous: string | null;
  below: boolean;
  aboveExpected: boolean;
};

const list = <T>(items: T[], pick: (item: T) => string | number) => `{${items.map(pick).join(',')}}`;

/** The candidates as rows of a statement: meter, instant, total (and their order). */
const candidateRows = (candidates: Candidate[]) => sql`
  unnest(${list(candidates, (c) => c.servicePointId)}::int[],
    ${list(candidates, (c) => c.readAt.toISOString())}::timestamptz[],
    ${list(candidates, (c) => c.total)}::numeric[]) with ordinality`;

/**
 * The surroundings of each candidate, in their order, in one statement. Candidates of one meter
 * are compared with each other as well as with the stored readings (the closer one before
 * counts), so a file's rollover shows whatever order its rows come in; two at one instant are
 * the caller's to keep apart.
 */
export async function surroundingsOf(q: Queryable, candidates: Candidate[]): Promise<Surroundings[]> {
  if (!candidates.length) return [];
  const found = await rows<{
    already: boolean;
    conflicting: boolean;
    previous: string | null;
    below: boolean;
    above: boolean;
  }>(
    q,
    sql`
    with c as (
      select c.*, lag(c.total) over w as batch_total, lag(c.at) over w as batch_at
      from ${candidateRows(candidates)} as c(sp, at, total, n)
      window w as (partition by c.sp order by c.at)
    ), p as (
      select c.n, c.sp, c.at, c.total, same.total = c.total as already, same.total <> c.total as conflicting,
        case when c.batch_at > prev.read_at or prev.read_at is null then c.batch_total else prev.total end as prev_total,
        case when c.batch_at > prev.read_at or prev.read_at is null then c.batch_at else prev.read_at end as prev_at
      from c
      left join meter_readings same on same.service_point_id = c.sp and same.read_at = c.at
      left join lateral (
        select r.total, r.read_at from meter_readings r
        where r.service_point_id = c.sp and r.read_at < c.at and r.decision is distinct from 'discarded'
        order by r.read_at desc limit 1
      ) prev on true
    )
    select coalesce(already, false) as already, coalesce(conflicting, false) as conflicting,
      trim_scale(prev_total)::text as previous,
      coalesce(total < prev_total, false) as below,
      coalesce(total > ${expectedMost(sql`sp`, sql`prev_total`, sql`prev_at`, sql`at`)}, false) as above
    from p order by n`,
  );
  return found.map((f) => ({
    alreadyStored: f.already,
    conflicting: f.conflicting,
    previous: f.previous,
    below: f.below,
    aboveExpected: f.above,
  }));
}

/**
 * Stand-ins for readings a preview would store: bare readings, so that the candidates after
 * them are checked against them as they would be against those stored (the usage rule and the
 * roll-ups are the store's alone). Only for a transaction that is rolled back.
 */
export async function standIns(q: Queryable, candidates: Candidate[]): Promise<void> {
  if (!candidates.length) return;
  await q.execute(sql`
    insert into meter_readings (service_point_id, read_at, total)
    select sp, at, total from ${candidateRows(candidates)} as c(sp, at, total, n)`);
}
