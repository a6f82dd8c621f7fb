import type { readingKind } from '../../db/schema';

/**
 * The usage rule (docs/decisions/0056-totals-that-go-down.md, "Totals that go down", "Rises a meter cannot deliver"): the
 * one place it is written. Readings of a meter are walked in time order carrying its level, the
 * total (and instant) the next reading is measured from; each reading gets a kind and the usage
 * it adds. Totals are exact, in millionths of a unit (the register's 6 decimals).
 */

export type ReadingKind = (typeof readingKind.enumValues)[number];

/** Kinds that leave the level where it was: the next reading is measured from the one before. */
export const OFF_THE_LINE: readonly ReadingKind[] = ['glitch', 'drop', 'suspect', 'discarded'];

/** A reading as the rule reads it: instant (ms), total (millionths), a manual reset, a rise staff confirmed. */
export type RuleReading = { at: number; total: bigint; reset: boolean; confirmed: boolean };
/** A meter's level: the total the next reading is measured from, and when it was read. */
export type Level = { total: bigint; at: number };
export type Decided = { kind: ReadingKind; usage: bigint };

const UNIT = 1_000_000n;
const HOUR_MS = 3_600_000n;
/** Whatever the time between two readings, a meter may rise by a quarter hour's worth of its rate. */
const LEAST_MS = 900_000;

/** Decimal text of up to 6 decimals → millionths, exactly. */
export function millionths(text: string): bigint {
  const [int, frac = ''] = text.split('.');
  return BigInt(int!) * UNIT + BigInt(frac.padEnd(6, '0').slice(0, 6));
}

/** Millionths → decimal text with 6 decimals, as totals are stored. */
export function decimalText(value: bigint): string {
  const digits = value.toString().padStart(7, '0');
  return `${digits.slice(0, -6)}.${digits.slice(-6)}`;
}

/** The register a total counts on: 10^k units for a total of k integer digits (999999.99 counts on 10^6). */
function register(total: bigint): bigint {
  return 10n ** BigInt((total / UNIT).toString().length) * UNIT;
}

/**
 * Whether a meter of `rate` (millionths an hour) can rise by `rise` from one instant to another:
 * its rate over the time between them, and never less than a quarter hour's worth (a coarse
 * register read often ticks by a whole unit at once).
 */
export function canRise(rise: bigint, rate: bigint, from: number, to: number): boolean {
  return rise * HOUR_MS <= rate * BigInt(Math.max(to - from, LEAST_MS));
}

/** Whether `next` goes on from `from` (not a reset, at or above it, within what the meter delivers in the time). */
function goesOnFrom(next: RuleReading | undefined, from: Level, rate: bigint): boolean {
  return !!next && !next.reset && next.total >= from.total && canRise(next.total - from.total, rate, from.at, next.at);
}

/**
 * What a reading is, measured from the meter's level (null: nothing read before), given the
 * reading after it (none yet: undefined). A manual reset starts a new level. A rise the meter can
 * deliver in the time (or one staff confirmed) adds its usage; a faster one is decided by the next
 * reading: back on the old line, a glitch; going on from the new total, a new baseline (a meter
 * replaced or reset); else suspect, until staff decide. A lower total is decided by the next
 * reading too: back at or above the level, a glitch; none yet, a drop; else a rollover when the
 * level (4 or more integer digits) wrapped on its register by at most 1 % of it and within what
 * the meter delivers (the rise through the register's end is added), or a new baseline.
 */
export function decide(level: Level | null, r: RuleReading, next: RuleReading | undefined, rate: bigint): Decided {
  if (r.reset) return { kind: 'reset', usage: 0n };
  if (level === null) return { kind: 'normal', usage: 0n };
  if (r.total >= level.total) {
    const rise = r.total - level.total;
    if (r.confirmed || canRise(rise, rate, level.at, r.at)) return { kind: 'normal', usage: rise };
    if (goesOnFrom(next, level, rate)) return { kind: 'glitch', usage: 0n };
    if (goesOnFrom(next, r, rate)) return { kind: 'baseline', usage: 0n };
    return { kind: 'suspect', usage: 0n };
  }
  if (!next) return { kind: 'drop', usage: 0n };
  if (!next.reset && next.total >= level.total) return { kind: 'glitch', usage: 0n };
  const end = register(level.total);
  const wrap = r.total + end - level.total;
  const rolls =
    level.total >= 1000n * UNIT && wrap <= end / 100n && (r.confirmed || canRise(wrap, rate, level.at, r.at));
  return rolls ? { kind: 'rollover', usage: wrap } : { kind: 'baseline', usage: 0n };
}

/** The level after a reading of this kind: the reading itself, unless it is off the line. */
export function levelAfter(level: Level | null, r: RuleReading, kind: ReadingKind): Level | null {
  return OFF_THE_LINE.includes(kind) ? level : { total: r.total, at: r.at };
}
