import fc from 'fast-check';
import { register, type ModelReading } from './usage-model';

const QUARTER = 15 * 60_000;
const UNIT = 1_000_000n;
/** Totals stay below this (in micro-units), so that another total for the same instant (one more) still fits the register. */
const LARGEST = 10n ** 11n * UNIT;
/**
 * The registers a spike reads the end of: their last total has 15 significant digits, what a
 * report's number (JSON, an Excel cell) holds exactly. Usage is worked out exactly whatever the total.
 */
const EXACT_IN_REPORTS = 10n ** 9n * UNIT;

/**
 * What a meter's series may hold besides rises: one-off low totals (glitches), lasting drops
 * (a meter replaced by one that reads lower), manual resets, register rollovers (read across
 * the register's end), spikes (a one-off total far above the line, the register's end among
 * them, the line going on after it) and jumps (a meter replaced by one that reads far higher,
 * going on from there).
 */
type StepKind = 'rise' | 'glitch' | 'drop' | 'reset' | 'rollover' | 'spike' | 'jump';

export type SeriesShape = {
  /** When the first step starts (epoch ms). */
  origin: number;
  /** The series may start up to this many quarter hours after the origin. */
  maxOffsetQuarters?: number;
  /** Step lengths, in quarter hours, drawn with repeats as weights. */
  quarters: number[];
  /** The largest first total and step amount, in micro-units. */
  maxFirst: bigint;
  maxAmount: bigint;
  /** The meter's maximum rate, in micro-units an hour: a rise stays within it, a spike or a jump goes far beyond. */
  rate: bigint;
  /** Step kinds, drawn with repeats as weights. */
  kinds: StepKind[];
  /** How many steps: at least `minSteps` (1 unless given), at most `maxSteps`. */
  minSteps?: number;
  maxSteps: number;
};

/** A meter's every kind of step, rises five times as often as each other: what the usage-rule tests draw. */
export const EVERY_STEP: StepKind[] = [
  'rise',
  'rise',
  'rise',
  'rise',
  'rise',
  'glitch',
  'drop',
  'reset',
  'rollover',
  'spike',
  'jump',
];

/** The series the usage-rule tests draw: from the origin, steps of a quarter hour to a day, of every kind. */
export const usageRuleSeries = (origin: number, rate: bigint) =>
  meterSeries({
    origin,
    quarters: [1, 1, 1, 2, 4, 24, 96],
    maxFirst: 2_000_000_000_000n,
    maxAmount: 5_000_000n,
    rate,
    kinds: EVERY_STEP,
    maxSteps: 40,
  });

/**
 * What a meter read, in time order, as fast-check draws it. A rise is what the meter can deliver
 * in its step; a spike or a jump comes after a rise and is followed by the reading that shows
 * what it was (back on the line, or going on from the new total), so that no more than two
 * readings in a row are off the meter's line (docs/decisions/0080-rises-a-meter-cannot-deliver.md, "Rises a meter cannot deliver").
 */
export function meterSeries(shape: SeriesShape): fc.Arbitrary<ModelReading[]> {
  const step = fc.record({
    quarters: fc.constantFrom(...shape.quarters),
    amount: fc.bigInt({ min: 0n, max: shape.maxAmount }),
    kind: fc.constantFrom(...shape.kinds),
    far: fc.bigInt({ min: 1n, max: 1_000_000n }),
    atEnd: fc.boolean(),
  });
  /** The most the meter can deliver over a number of quarter hours (at least one). */
  const within = (quarters: number) => (shape.rate * BigInt(Math.max(quarters, 1))) / 4n;
  return fc
    .tuple(
      fc.integer({ min: 0, max: shape.maxOffsetQuarters ?? 0 }),
      fc.bigInt({ min: 0n, max: shape.maxFirst }),
      fc.array(step, { minLength: shape.minSteps ?? 1, maxLength: shape.maxSteps }),
    )
    .map(([offset, first, steps]) => {
      const out: ModelReading[] = [];
      let when = shape.origin + offset * QUARTER;
      let total = first;
      const read = (at: number, value: bigint, reset = false) => out.push({ at, total: value, reset });
      for (const s of steps) {
        when += s.quarters * QUARTER;
        const rise = s.amount % (within(s.quarters) + 1n);
        if (s.kind === 'glitch') {
          read(when, total > s.amount ? total - s.amount - 1n : 0n);
          continue;
        }
        if (s.kind === 'rollover') {
          // reset to just below the end of a register of 4 digits or more, then read across it
          const end = register(total > 1000n * UNIT ? total : 1000n * UNIT);
          const room = (within(1) < end / 100n ? within(1) : end / 100n) / 2n;
          read(when, end - 1n - (s.amount % room), true);
          when += QUARTER;
          total = s.amount % room;
          read(when, total);
          continue;
        }
        if (s.kind === 'spike' || s.kind === 'jump') {
          // a rise, then a total far beyond what the meter delivers in a quarter hour (a spike to the
          // end of a larger register, at times), then the reading after: on the old line or the new
          total += rise;
          read(when, total);
          const end = register(total * 1000n);
          const far =
            s.atEnd && s.kind === 'spike' && end <= EXACT_IN_REPORTS ? end - 1n : total + within(1) * (1n + s.far) + 1n;
          when += QUARTER;
          read(when, far);
          when += QUARTER;
          if (s.kind === 'jump') total = far;
          total += s.amount % (within(1) + 1n);
          read(when, total);
          continue;
        }
        if (s.kind === 'reset') total = s.amount;
        else if (s.kind === 'drop') total = total > s.amount ? total - s.amount - 1n : 0n;
        else total += rise;
        read(when, total, s.kind === 'reset');
      }
      return out.filter((r) => r.total < LARGEST);
    });
}
