import { toWallClock } from '@portal/contract';
import { sql, type SQL } from 'drizzle-orm';
import { rows, type Tx } from '../client';
import { DeviceType, isMetered, type Fleet } from './demo-fleet';
import { buildUsageTables, cumulative, PERIOD, PERIOD_DAYS, type UsageTables } from './demo-profiles';
import { createRandom } from './demo-random';
import { demoSites } from './demo-sites';
import type { Segment } from './demo-stays';
import { DAY_MS, SLOTS_PER_DAY, SLOT_MS, timeOfSlot, type Grid } from './demo-time';

/**
 * A run of consecutive readings of one meter with one load profile (json_to_recordset
 * columns). The reading at slot k in [a, b] is off + S(k + ph + 1), S being the prefix
 * sum of profile variant `vi` (1-based offset into the prefix array; `t` is its period
 * total).
 */
type Run = { id: number; a: number; b: number; ph: number; vi: number; t: number; off: number; rk: number };

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
function planRuns(grid: Grid, fleet: Fleet, segments: Segment[], meterIds: number[], tables: UsageTables): Run[] {
  const rng = createRandom(0x4ead_5eed);
  const segmentsOf = new Map<number, Segment[]>();
  for (const s of segments) {
    const list = segmentsOf.get(s.location);
    if (list) list.push(s);
    else segmentsOf.set(s.location, [s]);
  }
  const resets = planResets(grid, fleet, segmentsOf);
  const runs: Run[] = [];
  fleet.meters.forEach((m, i) => {
    if (m.location === null || !isMetered(m.deviceTypeId)) return;
    const water = m.deviceTypeId === DeviceType.Water;
    const site = demoSites[fleet.locations[m.location]!.site]!;
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
      const t = cumulative(tables, v, PERIOD);
      runs.push({ id: meterIds[i]!, a, b, ph, vi: v * (PERIOD + 1) + 1, t, off, rk: resetSlot });
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
  });
  return runs;
}

/**
 * Cumulative 15-minute readings of every metered meter on a location, in one INSERT ...
 * SELECT: each run expands with generate_series and each total is a lookup in the
 * profile's prefix sums, so there is no window over millions of rows. Each reading carries
 * its rise over the slot before (`rebuildDailyUsage` then checks every one by the usage rule
 * and corrects any that differ). Rows go in primary key order.
 */
export async function insertReadings(
  tx: Tx,
  grid: Grid,
  fleet: Fleet,
  segments: Segment[],
  meterIds: number[],
): Promise<number> {
  const tables = buildUsageTables();
  const runs = planRuns(grid, fleet, segments, meterIds, tables);
  // the total at slot k of a run, in micro-units
  const total = (k: SQL) =>
    sql`(s.off + ((${k} + s.ph + 1) / ${PERIOD}) * s.t + p.prefix[s.vi + (${k} + s.ph + 1) % ${PERIOD}])`;
  await tx.execute(sql`
    insert into meter_readings (service_point_id, read_at, total, is_reset, kind, usage)
    select s.id, ${timeOfSlot(grid, 0).toISOString()}::timestamptz + g.k * interval '15 minutes',
      ${total(sql`g.k`)} / 1000000.0, g.k = s.rk, case when g.k = s.rk then 'reset'::reading_kind else 'normal' end,
      case when g.k = s.rk or g.k = 0 then 0 else (${total(sql`g.k`)} - ${total(sql`g.k - 1`)}) / 1000000.0 end
    from (select ${`{${tables.prefix.join(',')}}`}::int8[] as prefix) p
    cross join json_to_recordset(${JSON.stringify(runs)}::json)
      as s(id int, a int, b int, ph int, vi int, t int8, off int8, rk int)
    cross join lateral generate_series(s.a, s.b) as g(k)`);
  return runs.reduce((n, r) => n + r.b - r.a + 1, 0);
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
