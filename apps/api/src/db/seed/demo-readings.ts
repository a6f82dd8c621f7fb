import { fromWallClock, toWallClock } from '@portal/contract';
import { sql, type SQL } from 'drizzle-orm';
import { rows, type Tx } from '../client';
import { DeviceType, isMetered, type Fleet } from './demo-fleet';
import { buildUsageTables, cumulative, PERIOD, PERIOD_DAYS, type UsageTables } from './demo-profiles';
import { createRandom } from './demo-random';
import { demoSites } from './demo-sites';
import type { Segment, StayPlan } from './demo-stays';
import { DAY_MS, SLOTS_PER_DAY, SLOT_MS, timeOfSlot, wallDay, type Grid } from './demo-time';

/**
 * A run of consecutive readings of one meter with one load profile. The reading at slot k
 * in [a, b] is off + S(k + ph + 1), S being the prefix sum of profile variant `v`; `rk` is
 * the slot of the meter's manual reset (-1: none).
 */
type Run = { id: number; a: number; b: number; ph: number; v: number; off: number; rk: number };

/** A metered meter's runs, in slot order, with where it is. */
type MeterRuns = { location: number; site: number; runs: Run[] };

/** Meters (plan indexes) that get a manual reset, and the slot of the reset reading. */
type Resets = Map<number, number>;

/**
 * One water and one smart electric meter get a manual reset a day into a long vacancy
 * (never inside a stay, so a stay's usage stays closing minus opening).
 */
function planResets(grid: Grid, fleet: Fleet, segmentsOf: Map<number, Segment[]>): Resets {
  const out: Resets = new Map();
  for (const type of [DeviceType.Water, DeviceType.SmartElectric]) {
    for (let i = fleet.meters.length - 1; i >= 0; i--) {
      const m = fleet.meters[i]!;
      if (m.deviceTypeId !== type || m.location === null || m.missingHours !== null || m.leakFrom !== null) continue;
      const gap = segmentsOf
        .get(m.location)
        ?.find(
          (s) =>
            !s.occupied && s.to - s.from >= 3 * SLOTS_PER_DAY && s.from > grid.lastSlot / 3 && s.to < grid.lastSlot,
        );
      if (!gap) continue;
      out.set(i, gap.from + SLOTS_PER_DAY + 40);
      break;
    }
  }
  return out;
}

/** Splits every metered meter's timeline into runs, carrying its cumulative total along. */
function planRuns(grid: Grid, fleet: Fleet, segments: Segment[], meterIds: number[], tables: UsageTables): MeterRuns[] {
  const rng = createRandom(0x4ead_5eed);
  const segmentsOf = new Map<number, Segment[]>();
  for (const s of segments) {
    const list = segmentsOf.get(s.location);
    if (list) list.push(s);
    else segmentsOf.set(s.location, [s]);
  }
  const resets = planResets(grid, fleet, segmentsOf);
  const meters: MeterRuns[] = [];
  fleet.meters.forEach((m, i) => {
    if (m.location === null || !isMetered(m.deviceTypeId)) return;
    const water = m.deviceTypeId === DeviceType.Water;
    const siteIndex = fleet.locations[m.location]!.site;
    const site = demoSites[siteIndex]!;
    const runs: Run[] = [];
    // Table slot 0 is local midnight; the daylight-saving shift of an hour is ignored.
    const localSlot = Math.round((toWallClock(site.timeZone, grid.t0) % DAY_MS) / SLOT_MS);
    const ph = localSlot + SLOTS_PER_DAY * rng.int(0, PERIOD_DAYS - 1);
    const lastSlot = m.missingHours === null ? grid.lastSlot : grid.lastSlot - m.missingHours * 4 - rng.int(0, 3);
    const vacant = water ? tables.none : rng.pick(tables.electricVacant);
    const leakFrom = m.leakFrom ?? Infinity;
    let total = (water ? rng.int(2_000, 600_000) : rng.int(800, 45_000)) * 1_000_000 + rng.int(0, 999_999);
    const resetSlot = resets.get(i) ?? -1;
    const push = (a: number, b: number, v: number, resetTo: number | null) => {
      const lo = Math.max(a, 1);
      // A reset reading shows the new baseline; its own quarter hour is not counted.
      const off =
        resetTo === null ? total - cumulative(tables, v, lo + ph) : resetTo - cumulative(tables, v, a + ph + 1);
      runs.push({ id: meterIds[i]!, a, b, ph, v, off, rk: resetSlot });
      total = off + cumulative(tables, v, b + ph + 1);
    };
    for (const s of segmentsOf.get(m.location) ?? []) {
      const b = Math.min(s.to, lastSlot);
      if (s.from > b) continue;
      const v = s.occupied ? rng.pick(water ? tables.waterOccupied : tables.electricOccupied) : vacant;
      if (!s.occupied && leakFrom > s.from && leakFrom <= b) {
        push(s.from, leakFrom - 1, v, null);
        push(leakFrom, b, tables.leak, null);
      } else if (resetSlot > s.from && resetSlot <= b) {
        push(s.from, resetSlot - 1, v, null);
        push(resetSlot, b, v, 0);
      } else push(s.from, b, v, null);
    }
    meters.push({ location: m.location, site: siteIndex, runs });
  });
  return meters;
}

/** A meter's total at slot k of one of its runs, in micro-units. */
const totalAt = (tables: UsageTables, r: Run, k: number) => r.off + cumulative(tables, r.v, k + r.ph + 1);

/**
 * The slots of the last reading before each local midnight of a zone, in [0, before): where
 * a day's usage and the reports' whole days end.
 */
function dayEnds(grid: Grid, timeZone: string, before: number): number[] {
  const out: number[] = [];
  for (let day = wallDay(toWallClock(timeZone, grid.t0)) + 1; ; day++) {
    const k = Math.ceil((fromWallClock(timeZone, day * DAY_MS) - grid.t0) / SLOT_MS) - 1;
    if (k >= before) return out;
    if (k >= 0) out.push(k);
  }
}

/**
 * The readings kept of the days before `rawFrom`, each meter's in slot order: the first, the
 * last before each local midnight of its site, the last before each check-in and check-out at
 * its location (a stay's opening and closing readings), a manual reset and the reading before
 * it, and the one just before `rawFrom`. Each carries its rise over the reading kept before it,
 * so that every figure over a span whose ends are among those instants (a day, week or month, a
 * stay) is the same as with every quarter hour stored. Totals and usage in micro-units.
 */
function thinnedReadings(grid: Grid, plan: StayPlan, meters: MeterRuns[], tables: UsageTables, rawFrom: number) {
  const ends = demoSites.map((site) => dayEnds(grid, site.timeZone, rawFrom));
  const staySlots = new Map<number, number[]>();
  for (const s of plan.stays) {
    const slots = staySlots.get(s.location) ?? [];
    slots.push(s.checkinSlot - 1);
    if (s.checkoutSlot !== null) slots.push(s.checkoutSlot - 1);
    staySlots.set(s.location, slots);
  }
  const out = {
    id: [] as number[],
    k: [] as number[],
    total: [] as number[],
    usage: [] as number[],
    reset: [] as boolean[],
  };
  for (const { location, site, runs } of meters) {
    const first = runs[0]!;
    const last = runs.at(-1)!;
    const keep = new Set([first.a, ...ends[site]!, ...(staySlots.get(location) ?? []), rawFrom - 1, last.b]);
    if (first.rk >= 0) keep.add(first.rk - 1).add(first.rk);
    const slots = [...keep].filter((k) => k >= first.a && k < rawFrom && k <= last.b).sort((x, y) => x - y);
    let run = 0;
    let previous: number | null = null;
    for (const k of slots) {
      while (runs[run]!.b < k) run++;
      const total = totalAt(tables, runs[run]!, k);
      out.id.push(first.id);
      out.k.push(k);
      out.total.push(total);
      out.usage.push(previous === null || k === first.rk ? 0 : total - previous);
      out.reset.push(k === first.rk);
      previous = total;
    }
  }
  return out;
}

/** An array parameter as PostgreSQL's text form. */
const pgArray = (values: Array<number | boolean>) => `{${values.join(',')}}`;

/**
 * The demo's cumulative readings of every metered meter on a location: every quarter hour from
 * `rawFrom` on (the days the hourly roll-up and the detection rules read), and before it only
 * the readings `thinnedReadings` keeps. The quarter hours are one INSERT ... SELECT: each run
 * expands with generate_series and each total is a lookup in the profile's prefix sums, so
 * there is no window over the rows. Each reading carries its kind and its rise over the
 * reading before it as the usage rule gives them (demo.test.ts checks every one), so the
 * roll-ups are built without classifying them again. Returns the number of readings.
 */
export async function insertReadings(
  tx: Tx,
  grid: Grid,
  fleet: Fleet,
  plan: StayPlan,
  meterIds: number[],
  rawFrom: number,
): Promise<number> {
  const tables = buildUsageTables();
  const meters = planRuns(grid, fleet, plan.segments, meterIds, tables);
  const thinned = thinnedReadings(grid, plan, meters, tables, rawFrom);
  const t0 = timeOfSlot(grid, 0).toISOString();
  await tx.execute(sql`
    insert into meter_readings (service_point_id, read_at, total, is_reset, kind, usage)
    select o.id, ${t0}::timestamptz + o.k * interval '15 minutes', o.total / 1000000.0, o.reset,
      case when o.reset then 'reset'::reading_kind else 'normal' end, o.usage / 1000000.0
    from unnest(${pgArray(thinned.id)}::int[], ${pgArray(thinned.k)}::int[], ${pgArray(thinned.total)}::int8[],
      ${pgArray(thinned.usage)}::int8[], ${pgArray(thinned.reset)}::bool[]) as o(id, k, total, usage, reset)`);
  const runs = meters
    .flatMap((m) => m.runs)
    .filter((r) => r.b >= rawFrom)
    .map((r) => ({ ...r, a: Math.max(r.a, rawFrom), vi: r.v * (PERIOD + 1) + 1, t: cumulative(tables, r.v, PERIOD) }));
  // the total at slot k of a run, in micro-units
  const total = (k: SQL) =>
    sql`(s.off + ((${k} + s.ph + 1) / ${PERIOD}) * s.t + p.prefix[s.vi + (${k} + s.ph + 1) % ${PERIOD}])`;
  await tx.execute(sql`
    insert into meter_readings (service_point_id, read_at, total, is_reset, kind, usage)
    select s.id, ${t0}::timestamptz + g.k * interval '15 minutes',
      ${total(sql`g.k`)} / 1000000.0, g.k = s.rk, case when g.k = s.rk then 'reset'::reading_kind else 'normal' end,
      case when g.k = s.rk or g.k = 0 then 0 else (${total(sql`g.k`)} - ${total(sql`g.k - 1`)}) / 1000000.0 end
    from (select ${pgArray(tables.prefix)}::int8[] as prefix) p
    cross join json_to_recordset(${JSON.stringify(runs)}::json)
      as s(id int, a int, b int, ph int, vi int, t int8, off int8, rk int)
    cross join lateral generate_series(s.a, s.b) as g(k)`);
  return thinned.id.length + runs.reduce((n, r) => n + r.b - r.a + 1, 0);
}

/**
 * Runs `fill` with the keys and indexes of meter_readings dropped, then puts them back
 * under the same names and definitions: building each index once and checking the
 * foreign keys in one join is several times faster than maintaining them for each of
 * millions of rows. (The primary key stays if another table references it.)
 */
export async function withoutReadingConstraints<T>(tx: Tx, fill: () => Promise<T>): Promise<T> {
  const constraints = await rows<{ name: string; def: string }>(
    tx,
    sql`
    select c.conname as name, pg_get_constraintdef(c.oid) as def
    from pg_constraint c
    where c.conrelid = 'meter_readings'::regclass
      and (c.contype = 'f' or (c.contype = 'p'
        and not exists (select 1 from pg_constraint d where d.confrelid = 'meter_readings'::regclass)))
    order by c.contype desc, c.conname`,
  );
  const indexes = await rows<{ name: string; def: string }>(
    tx,
    sql`
    select ic.relname as name, pg_get_indexdef(i.indexrelid) as def
    from pg_index i
    join pg_class ic on ic.oid = i.indexrelid
    where i.indrelid = 'meter_readings'::regclass
      and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)
    order by ic.relname`,
  );
  for (const c of constraints)
    await tx.execute(sql`alter table meter_readings drop constraint ${sql.identifier(c.name)}`);
  for (const i of indexes) await tx.execute(sql`drop index ${sql.identifier(i.name)}`);
  const result = await fill();
  for (const i of indexes) await tx.execute(sql.raw(i.def));
  for (const c of constraints)
    await tx.execute(sql`alter table meter_readings add constraint ${sql.identifier(c.name)} ${sql.raw(c.def)}`);
  return result;
}

/** Copies each meter's newest reading (from the daily roll-up) onto the meter. */
export async function updateLastReadings(tx: Tx): Promise<void> {
  await tx.execute(sql`
    update service_points sp
    set last_reading = d.last_reading, last_reading_at = d.last_read_at, last_seen_at = d.last_read_at
    from (
      select distinct on (service_point_id) service_point_id, last_reading, last_read_at
      from daily_usage order by service_point_id, day desc
    ) d
    where d.service_point_id = sp.id`);
}
