import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classify, microText, MODEL_RATE } from '../../test/usage-model';
import { usageRuleSeries } from '../../test/series-arbitrary';
import type { StoredReading } from './reading-context';
import { walkMeter } from './reading-walk';
import { canRise, decimalText, millionths, OFF_THE_LINE, type ReadingKind } from './rule';

/** The usage rule on its own (rule.ts, walked by reading-walk.ts), without a database. */

const QUARTER = 15 * 60_000;
const ELECTRIC = MODEL_RATE.kWh;

type Read = { at: number; total: string; reset?: boolean; confirmed?: boolean };

/** A meter's readings walked from scratch: each one's kind and usage (decimal text). */
function walked(reads: Read[], rate = ELECTRIC): Array<[ReadingKind, string]> {
  const stored: StoredReading[] = reads.map((r) => ({
    at: new Date(r.at).toISOString(),
    total: r.total,
    reset: r.reset ?? false,
    decision: r.confirmed ? 'confirmed' : null,
    kind: 'normal',
    usage: '0',
  }));
  const w = walkMeter({ rate: decimalText(rate), before: null, level: null }, [], stored, false, { wholly: true });
  const byAt = new Map(w.changes.map((c) => [c.at, c]));
  return reads.map((r) => {
    const c = byAt.get(r.at);
    return c ? [c.kind, decimalText(c.usage)] : ['normal', '0.000000'];
  });
}

/** Readings a quarter hour apart. */
const quarterly = (...totals: string[]): Read[] => totals.map((total, i) => ({ at: i * QUARTER, total }));
const usageOf = (w: Array<[ReadingKind, string]>) => decimalText(w.reduce((s, [, u]) => s + millionths(u), 0n));

describe('what the probe saw: rises no meter can deliver', () => {
  it('counts an upward spike as nothing: 2000, 2001, 987654, 2002, 2003 is 3', () => {
    const w = walked(quarterly('2000', '2001', '987654', '2002', '2003'));
    expect(w.map(([k]) => k)).toEqual(['normal', 'normal', 'glitch', 'normal', 'normal']);
    expect(usageOf(w)).toBe('3.000000');
  });

  it('takes no return to normal on a 6-digit register for a rollover: 1030.25, 1031, 999999, 1032, 1033 is 2.75', () => {
    const w = walked(quarterly('1030.25', '1031', '999999', '1032', '1033'));
    expect(w.map(([k]) => k)).toEqual(['normal', 'normal', 'glitch', 'normal', 'normal']);
    expect(usageOf(w)).toBe('2.750000');
  });

  it('holds a spike with nothing after it as suspect, and counts nothing for it', () => {
    expect(walked(quarterly('2000', '2001', '987654'))).toEqual([
      ['normal', '0.000000'],
      ['normal', '1.000000'],
      ['suspect', '0.000000'],
    ]);
  });

  it('takes a meter going on from a far higher total for a replacement: a new baseline, counted from there on', () => {
    expect(walked(quarterly('2000', '2001', '987654', '987655', '987656.5')).map(([k, u]) => `${k} ${u}`)).toEqual([
      'normal 0.000000',
      'normal 1.000000',
      'baseline 0.000000',
      'normal 1.000000',
      'normal 1.500000',
    ]);
  });

  it('counts a rise staff confirmed, however fast', () => {
    const reads = quarterly('2000', '2001', '987654');
    reads[2]!.confirmed = true;
    expect(walked(reads).at(-1)).toEqual(['normal', '985653.000000']);
  });

  it('counts a rollover only within what the meter can deliver in the time', () => {
    expect(walked(quarterly('999998', '0.5')).at(-1)).toEqual(['drop', '0.000000']);
    expect(walked(quarterly('999998', '0.5', '2'))[1]).toEqual(['rollover', '2.500000']);
    // 999990 → 5 in a quarter hour is 15 kWh: more than 12 kWh an hour allows
    expect(walked(quarterly('999990', '5', '6'))[1]).toEqual(['baseline', '0.000000']);
    expect(
      walked([
        { at: 0, total: '999990' },
        { at: 2 * 3_600_000, total: '5' },
        { at: 3 * 3_600_000, total: '6' },
      ])[1],
    ).toEqual(['rollover', '15.000000']);
  });

  it('allows a coarse register its tick: a whole unit a minute after the last one', () => {
    expect(
      walked([
        { at: 0, total: '100' },
        { at: 60_000, total: '101' },
      ])[1],
    ).toEqual(['normal', '1.000000']);
  });
});

describe('no usage a meter cannot deliver is counted, whatever it sends', () => {
  const garbage = fc.array(
    fc.record({
      gap: fc.oneof(
        fc.integer({ min: 1, max: 120_000 }),
        fc.integer({ min: 1, max: 96 }).map((q) => q * QUARTER),
      ),
      total: fc.oneof(
        fc.bigInt({ min: 0n, max: 10n ** 18n - 1n }),
        fc.bigInt({ min: 1_000_000_000n, max: 1_010_000_000n }),
        fc.bigInt({ min: 999_990_000_000n, max: 1_000_010_000_000n }),
      ),
      reset: fc.boolean().map((b) => b && Math.random() < 0.1),
    }),
    { minLength: 1, maxLength: 60 },
  );

  it('counts each rise only within the meter’s rate from the level it is measured from', () => {
    fc.assert(
      fc.property(garbage, fc.constantFrom(MODEL_RATE.kWh, MODEL_RATE.gal), (steps, rate) => {
        let at = 0;
        const reads = steps.map((s) => ({ at: (at += s.gap), total: decimalText(s.total), reset: s.reset }));
        const w = walked(reads, rate);
        let level: number | null = null;
        w.forEach(([kind, usage], i) => {
          if (millionths(usage) > 0n) expect(canRise(millionths(usage), rate, level!, reads[i]!.at)).toBe(true);
          if (!OFF_THE_LINE.includes(kind)) level = reads[i]!.at;
        });
      }),
      { numRuns: 2_000 },
    );
  });
});

it('walks a series from scratch as the model does (identity-model.ts), spikes and jumps among its steps', () => {
  for (const rate of [MODEL_RATE.kWh, MODEL_RATE.gal]) {
    const series = usageRuleSeries(0, rate);
    fc.assert(
      fc.property(series, (s) => {
        const model = classify(s, rate).map((c): [ReadingKind, string] => [c.kind, microText(c.usage)]);
        expect(
          walked(
            s.map((r) => ({ at: r.at, total: microText(r.total), reset: r.reset })),
            rate,
          ),
        ).toEqual(model);
      }),
      { numRuns: 2_000 },
    );
  }
});
