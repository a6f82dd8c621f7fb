import { sql } from 'drizzle-orm';
import { intArray, rows, type Queryable } from '../../db/client';
import { levelReadingBefore } from './usage';
import type { ReadingKind } from './rule';

/** A meter a batch brings readings for, with the rule's context before the batch. */
export type MeterContext = {
  sp: number;
  /** The batch's earliest and latest instant for the meter (ms). */
  lo: number;
  hi: number;
  /** The meter's latest stored reading (ms), null when it has none. */
  latest: number | null;
  /** Its maximum rate, in its unit an hour (decimal text). */
  rate: string;
  /** Its latest stored reading before the batch, not discarded: the one whose kind may wait on the batch. */
  before: StoredReading | null;
  /** The meter's level before that reading (its kind is settled). */
  level: { total: string; at: string } | null;
};

export type StoredReading = {
  at: string;
  total: string;
  reset: boolean;
  decision: 'confirmed' | 'discarded' | null;
  kind: ReadingKind;
  usage: string;
};

/**
 * What the rule needs of the meters of a batch that is stored as readings arrive in time: each
 * meter's rate and latest reading, its latest reading before the batch and the level before
 * that one. One statement for the batch.
 */
export function metersOfBatch(q: Queryable, spans: Array<{ sp: number; lo: Date; hi: Date }>): Promise<MeterContext[]> {
  return rows<MeterContext>(
    q,
    sql`
    select b.sp, (extract(epoch from b.lo) * 1000)::float8 as lo, (extract(epoch from b.hi) * 1000)::float8 as hi,
      (extract(epoch from sp.last_reading_at) * 1000)::float8 as latest,
      coalesce(sp.max_rate_per_hour, dt.max_rate_per_hour)::text as rate,
      y.stored as before, l.level
    from unnest(${intArray(spans.map((s) => s.sp))}, ${`{${spans.map((s) => s.lo.toISOString()).join(',')}}`}::timestamptz[],
      ${`{${spans.map((s) => s.hi.toISOString()).join(',')}}`}::timestamptz[]) as b(sp, lo, hi)
    join service_points sp on sp.id = b.sp
    join device_types dt on dt.id = sp.device_type_id
    left join lateral (
      select x.read_at, json_build_object('at', x.read_at, 'total', x.total::text, 'reset', x.is_reset,
        'decision', x.decision, 'kind', x.kind, 'usage', x.usage::text) as stored
      from meter_readings x
      where x.service_point_id = b.sp and x.read_at < b.lo and x.decision is distinct from 'discarded'
      order by x.read_at desc limit 1
    ) y on true
    left join lateral (
      select json_build_object('total', z.total::text, 'at', z.read_at) as level
      from (${levelReadingBefore(sql`b.sp`, sql`y.read_at`)}) z
    ) l on true`,
  );
}

/** A stored reading of a meter at or after the batch's start; `past`: after the batch's end. */
export type LaterReading = StoredReading & { sp: number; past: boolean };

/**
 * The stored readings a late batch lands among, meter by meter, from `from` on: those within the
 * batch's span (discarded ones too: they keep their instant, and one just discarded is walked
 * to its new kind) and, after it, up to `after` more that are not discarded.
 */
export function readingsAfter(
  q: Queryable,
  spans: Array<{ sp: number; lo: Date; hi: Date; from: Date }>,
  after: number,
): Promise<LaterReading[]> {
  const times = (pick: (s: (typeof spans)[number]) => Date) => `{${spans.map((s) => pick(s).toISOString()).join(',')}}`;
  return rows<LaterReading>(
    q,
    sql`
    select b.sp, x.read_at as at, x.total::text as total, x.is_reset as reset, x.decision, x.kind, x.usage::text as usage,
      x.read_at > b.hi as past
    from unnest(${intArray(spans.map((s) => s.sp))}, ${times((s) => s.lo)}::timestamptz[], ${times((s) => s.hi)}::timestamptz[],
      ${times((s) => s.from)}::timestamptz[]) as b(sp, lo, hi, from_at)
    cross join lateral (
      (select * from meter_readings x
       where x.service_point_id = b.sp and x.read_at between b.lo and b.hi and x.read_at >= b.from_at)
      union all
      (select * from meter_readings x
       where x.service_point_id = b.sp and x.read_at > b.hi and x.read_at >= b.from_at and x.decision is distinct from 'discarded'
       order by x.read_at limit ${after})
    ) x
    order by b.sp, x.read_at`,
  );
}

/** Every reading of a meter in time order, with the meter's maximum rate: to walk them all again. */
export async function wholeSeries(q: Queryable, sp: number): Promise<{ rate: string; readings: StoredReading[] }> {
  const [meter] = await rows<{ rate: string }>(
    q,
    sql`select coalesce(sp.max_rate_per_hour, dt.max_rate_per_hour)::text as rate
        from service_points sp join device_types dt on dt.id = sp.device_type_id where sp.id = ${sp}`,
  );
  const readings = await rows<StoredReading>(
    q,
    sql`select read_at as at, total::text as total, is_reset as reset, decision, kind, usage::text as usage
        from meter_readings where service_point_id = ${sp} order by read_at`,
  );
  return { rate: meter!.rate, readings };
}
