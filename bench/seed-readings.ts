/**
 * Fifteen-minute readings for the bench fleet, written through `recordReadings`, the path the
 * devices' readings take, so the roll-up and each meter's latest reading are kept as in
 * production. A batch is a day of readings of a few hundred meters, like a gateway sending
 * what it buffered; workers take disjoint meters so they never wait on each other's locks.
 */
import { performance } from 'node:perf_hooks';
import { utcOffsetMs } from '@portal/contract';
import type { Db } from '../apps/api/src/db/client';
import { createRandom, type Random } from '../apps/api/src/db/seed/demo-random';
import { recordReadings, type Reading } from '../apps/api/src/features/meters/readings';
import type { BenchLocation } from './seed-fleet';
import { SLOT_MS, SLOTS_PER_DAY, type Grid } from './seed-stays';

export type IngestOptions = {
  workers: number;
  /** Locations per batch; each brings two meters and a day of their readings. */
  locationsPerBatch: number;
  onProgress(readings: number): void;
};

type Usage = (slot: number, occupied: boolean) => number;

export async function ingestReadings(
  db: Db,
  fleet: BenchLocation[],
  occupancy: Array<Array<[number, number]>>,
  grid: Grid,
  options: IngestOptions,
): Promise<number> {
  const totals = new Float64Array(fleet.length * 2);
  let written = 0;
  const worker = async (w: number) => {
    const rng = createRandom(7919 * (w + 1));
    const own = fleet.map((_, i) => i).filter((i) => i % options.workers === w);
    const usage = fleet.map((l) => ({ electric: electricUsage(l, grid, rng), water: waterUsage(rng) }));
    for (let day = 0; day * SLOTS_PER_DAY < grid.count; day++) {
      const from = day * SLOTS_PER_DAY;
      const to = Math.min(grid.count, from + SLOTS_PER_DAY);
      const times = Array.from({ length: to - from }, (_, k) => new Date(grid.t0 + (from + k) * SLOT_MS));
      for (let start = 0; start < own.length; start += options.locationsPerBatch) {
        const batch: Reading[] = [];
        for (const i of own.slice(start, start + options.locationsPerBatch)) {
          const stays = occupancy[i]!;
          const meters = [
            [fleet[i]!.electric, 2 * i, usage[i]!.electric],
            [fleet[i]!.water, 2 * i + 1, usage[i]!.water],
          ] as const;
          for (const [servicePointId, t, use] of meters) {
            for (let slot = from; slot < to; slot++) {
              totals[t]! += use(
                slot,
                stays.some(([a, b]) => slot >= a && slot < b),
              );
              batch.push({ servicePointId, readAt: times[slot - from]!, total: totals[t]!.toFixed(2), isReset: false });
            }
          }
        }
        const { stored } = await db.transaction((tx) => recordReadings(tx, batch));
        written += stored;
        options.onProgress(written);
      }
    }
  };
  await Promise.all(Array.from({ length: options.workers }, (_, w) => worker(w)));
  return written;
}

/** kWh a quarter hour: a standby trickle when empty, an evening peak when a guest is in. */
function electricUsage(location: BenchLocation, grid: Grid, rng: Random): Usage {
  const load = 0.15 + rng.next() * 0.45;
  const offsetHours = utcOffsetMs(location.timeZone, grid.t0) / 3_600_000;
  return (slot, occupied) => {
    if (!occupied) return rng.chance(0.2) ? 0.01 : 0;
    const hour = ((((grid.t0 + slot * SLOT_MS) / 3_600_000 + offsetHours) % 24) + 24) % 24;
    const shape = hour >= 17 && hour < 23 ? 1.6 : hour >= 6 && hour < 10 ? 1.1 : 0.5;
    return round2(load * shape * (0.7 + rng.next() * 0.6));
  };
}

/** Gallons a quarter hour: now and then a shower or the dishes while a guest is in. */
function waterUsage(rng: Random): Usage {
  return (_slot, occupied) => (occupied && rng.chance(0.1) ? rng.int(1, 25) : 0);
}

const round2 = (n: number) => Math.round(n * 100) / 100;

export const rate = (count: number, started: number) => Math.round(count / ((performance.now() - started) / 1000));
