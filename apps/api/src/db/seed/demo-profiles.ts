import { createRandom, type Random } from './demo-random';
import { SLOTS_PER_DAY } from './demo-time';

/**
 * Load profiles for the demo readings: tables of usage per quarter hour (integer
 * millionths of a kWh or gallon) over a period of PERIOD_DAYS days, starting at local
 * midnight, kept as prefix sums so that a cumulative total at any slot is one lookup
 * (no running sum over millions of rows). Each occupied stretch of a meter picks one of
 * several variants, so the repetition is not visible.
 */
export const PERIOD_DAYS = 17;
export const PERIOD = PERIOD_DAYS * SLOTS_PER_DAY;

const VARIANTS = { electricOccupied: 12, waterOccupied: 12, electricVacant: 3 } as const;

export type UsageTables = {
  /** Per variant, PERIOD + 1 prefix sums: prefix[v * (PERIOD + 1) + i] = usage of slots 0..i-1. */
  prefix: number[];
  /** Variant numbers of each kind of profile. */
  electricOccupied: number[];
  waterOccupied: number[];
  electricVacant: number[];
  leak: number;
  none: number;
};

const bell = (hour: number, peak: number, width: number) => Math.exp(-(((hour - peak) / width) ** 2));

function electricOccupied(rng: Random): number[] {
  const level = 0.8 + rng.next() * 0.2;
  const airConditioning = rng.chance(0.4);
  const out: number[] = [];
  let day = 1;
  for (let t = 0; t < PERIOD; t++) {
    if (t % SLOTS_PER_DAY === 0) day = 0.75 + rng.next() * 0.4;
    const hour = (t % SLOTS_PER_DAY) / 4;
    const curve = Math.min(
      1,
      0.12 +
        0.88 * bell(hour, 20, 2.6) +
        0.45 * bell(hour, 7.5, 1.4) +
        (airConditioning ? 0.35 * bell(hour, 15, 2.5) : 0),
    );
    const kwh = 0.2 + 1.3 * curve * (0.45 + 0.55 * rng.next()) * level * day;
    out.push(Math.round(Math.min(1.5, kwh) * 1e6));
  }
  return out;
}

function waterOccupied(rng: Random): number[] {
  const household = 0.6 + rng.next() * 0.6;
  const out: number[] = [];
  for (let t = 0; t < PERIOD; t++) {
    const hour = (t % SLOTS_PER_DAY) / 4;
    const p = (hour >= 6 && hour < 9.5) || (hour >= 17 && hour < 22) ? 0.35 : hour >= 9.5 && hour < 17 ? 0.1 : 0.015;
    const burst = rng.next() < p * household ? 0.5 + 24 * rng.next() ** 2 : 0;
    out.push(Math.round(burst * 1e6));
  }
  return out;
}

const constant = (rng: Random, min: number, max: number) =>
  Array.from({ length: PERIOD }, () => Math.round((min + rng.next() * (max - min)) * 1e6));

export function buildUsageTables(): UsageTables {
  const rng = createRandom(0x10ad_5eed);
  const tables: number[][] = [];
  const add = (usage: number[]) => tables.push(usage) - 1;
  const range = (n: number, make: () => number[]) => Array.from({ length: n }, () => add(make()));
  const result = {
    electricOccupied: range(VARIANTS.electricOccupied, () => electricOccupied(rng)),
    waterOccupied: range(VARIANTS.waterOccupied, () => waterOccupied(rng)),
    electricVacant: range(VARIANTS.electricVacant, () => constant(rng, 0.004, 0.014)),
    leak: add(constant(rng, 0.27, 0.35)),
    none: add(new Array<number>(PERIOD).fill(0)),
  };
  const prefix: number[] = [];
  for (const usage of tables) {
    let sum = 0;
    prefix.push(0);
    for (const u of usage) prefix.push((sum += u));
  }
  return { prefix, ...result };
}

/** Usage of the first `j` slots of variant `v` repeated forever: S(j). */
export function cumulative(tables: UsageTables, v: number, j: number): number {
  const base = v * (PERIOD + 1);
  return Math.floor(j / PERIOD) * tables.prefix[base + PERIOD]! + tables.prefix[base + (j % PERIOD)]!;
}
