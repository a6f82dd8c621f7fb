import fc from 'fast-check';
import { register, type ModelReading } from './identity-model';

const QUARTER = 15 * 60_000;

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
  /** Step kinds, drawn with repeats as weights. */
  kinds: Array<'rise' | 'glitch' | 'drop' | 'reset' | 'rollover'>;
  maxSteps: number;
};

/**
 * What a meter read, in time order, as fast-check draws it: rises, one-off low totals
 * (glitches), lasting drops (a meter replaced), manual resets and register rollovers (up to
 * just below the register's end, then past it).
 */
export function meterSeries(shape: SeriesShape): fc.Arbitrary<ModelReading[]> {
  const step = fc.record({
    quarters: fc.constantFrom(...shape.quarters),
    amount: fc.bigInt({ min: 0n, max: shape.maxAmount }),
    kind: fc.constantFrom(...shape.kinds),
  });
  return fc
    .tuple(
      fc.integer({ min: 0, max: shape.maxOffsetQuarters ?? 0 }),
      fc.bigInt({ min: 0n, max: shape.maxFirst }),
      fc.array(step, { minLength: 1, maxLength: shape.maxSteps }),
    )
    .map(([offset, first, steps]) => {
      const out: ModelReading[] = [];
      let when = shape.origin + offset * QUARTER;
      let total = first;
      for (const s of steps) {
        when += s.quarters * QUARTER;
        if (s.kind === 'glitch') {
          out.push({ at: when, total: total > s.amount ? total - s.amount - 1n : 0n, reset: false });
          continue;
        }
        if (s.kind === 'rollover') {
          const end = register(total);
          const top = end - 1n - (s.amount % (end / 1000n));
          if (top > total) out.push({ at: when, total: top, reset: false });
          when += QUARTER;
          total = s.amount % (end / 1000n);
        } else if (s.kind === 'reset') total = s.amount;
        else if (s.kind === 'drop') total = total > s.amount ? total - s.amount - 1n : 0n;
        else total += s.amount;
        out.push({ at: when, total, reset: s.kind === 'reset' });
      }
      return out;
    });
}
