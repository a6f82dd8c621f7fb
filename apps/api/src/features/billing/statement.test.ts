import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { billOf, nightsOf, type Terms } from './statement';

const NONE: Terms = { electricRate: '0', waterRate: '0', electricBlocks: [], fees: [], minimumCharge: null, taxes: [] };
const amounts = (bill: ReturnType<typeof billOf>) => bill.lines.map((l) => [l.kind, l.quantity, l.unitPrice, l.amount]);

describe('a bill, against hand calculations', () => {
  it('one rate, water, a fee per stay and a tax on utilities', () => {
    const bill = billOf(
      {
        ...NONE,
        electricRate: '0.15',
        waterRate: '0.01',
        fees: [{ name: 'Park fee', amount: '5', per: 'stay' }],
        taxes: [{ name: 'Utility tax', percent: '8.25', appliesTo: 'utilities' }],
      },
      { kwh: '123.456', gallons: '250', nights: 2 },
    );
    // 123.456 × 0.15 = 18.5184 → 18.52; 250 × 0.01 = 2.50; tax 8.25 % of 21.02 = 1.73415 → 1.73
    expect(amounts(bill)).toEqual([
      ['electric', '123.456', '0.15', '18.52'],
      ['water', '250', '0.01', '2.50'],
      ['fee', '1', '5.00', '5.00'],
      ['tax', '21.02', '8.25', '1.73'],
    ]);
    expect([bill.subtotal, bill.taxTotal, bill.total]).toEqual(['26.02', '1.73', '27.75']);
  });

  it('blocks, fees per night and per 30 days, a minimum, taxes on fees and on all', () => {
    const bill = billOf(
      {
        electricRate: '0.15',
        waterRate: '0',
        electricBlocks: [{ upToKwh: '100', rate: '0.10' }],
        fees: [
          { name: 'Pedestal', amount: '2.50', per: 'night' },
          { name: 'Monthly service', amount: '30', per: '30days' },
        ],
        minimumCharge: '25',
        taxes: [
          { name: 'State', percent: '6', appliesTo: 'all' },
          { name: 'Lodging', percent: '2.5', appliesTo: 'fees' },
        ],
      },
      { kwh: '150.5', gallons: null, nights: 3 },
    );
    // 100 × 0.10 = 10.00; 50.5 × 0.15 = 7.575 → 7.58; utilities 17.58, topped up by 7.42 to 25.00;
    // fees 3 × 2.50 + 1 × 30 = 37.50; State 6 % of 62.50 = 3.75; Lodging 2.5 % of 37.50 = 0.9375 → 0.94
    expect(amounts(bill)).toEqual([
      ['electric', '100', '0.1', '10.00'],
      ['electric', '50.5', '0.15', '7.58'],
      ['minimum', '1', '25.00', '7.42'],
      ['fee', '3', '2.50', '7.50'],
      ['fee', '1', '30.00', '30.00'],
      ['tax', '62.50', '6', '3.75'],
      ['tax', '37.50', '2.5', '0.94'],
    ]);
    expect(bill.lines.filter((l) => l.kind === 'electric').map((l) => l.block)).toEqual([
      { from: '0', upTo: '100' },
      { from: '100', upTo: null },
    ]);
    expect([bill.subtotal, bill.taxTotal, bill.total]).toEqual(['62.50', '4.69', '67.19']);
  });

  it('rounds half up where binary floats would round down', () => {
    // 2.675 × 1 is 2.67499999… in binary floating point; 0.5 × 0.01 = 0.005
    expect(amounts(billOf({ ...NONE, electricRate: '1' }, { kwh: '2.675', gallons: null, nights: 1 }))).toEqual([
      ['electric', '2.675', '1', '2.68'],
    ]);
    expect(billOf({ ...NONE, waterRate: '0.01' }, { kwh: null, gallons: '0.5', nights: 1 }).total).toBe('0.01');
    expect(billOf({ ...NONE, electricRate: '0.1' }, { kwh: '0.3', gallons: null, nights: 1 }).total).toBe('0.03');
  });

  it('stops in the block the usage ends in', () => {
    const terms = {
      ...NONE,
      electricRate: '0.2',
      electricBlocks: [
        { upToKwh: '50', rate: '0.08' },
        { upToKwh: '100', rate: '0.12' },
      ],
    };
    expect(amounts(billOf(terms, { kwh: '75', gallons: null, nights: 1 }))).toEqual([
      ['electric', '50', '0.08', '4.00'],
      ['electric', '25', '0.12', '3.00'],
    ]);
    expect(amounts(billOf(terms, { kwh: '100', gallons: null, nights: 1 }))).toEqual([
      ['electric', '50', '0.08', '4.00'],
      ['electric', '50', '0.12', '6.00'],
    ]);
    // nothing used: the first block, at nothing
    expect(amounts(billOf(terms, { kwh: '0', gallons: null, nights: 1 }))).toEqual([['electric', '0', '0.08', '0.00']]);
  });

  it('a stay without meters pays its fees and the whole minimum', () => {
    const bill = billOf(
      { ...NONE, minimumCharge: '10', fees: [{ name: 'Day use', amount: '4.99', per: 'stay' }] },
      { kwh: null, gallons: null, nights: 1 },
    );
    expect(amounts(bill)).toEqual([
      ['minimum', '1', '10.00', '10.00'],
      ['fee', '1', '4.99', '4.99'],
    ]);
    expect(bill.total).toBe('14.99');
  });

  it('counts 30-day periods begun', () => {
    const fee = (nights: number) =>
      billOf({ ...NONE, fees: [{ name: 'Month', amount: '100', per: '30days' }] }, { kwh: null, gallons: null, nights })
        .total;
    expect([1, 30, 31, 60, 61].map(fee)).toEqual(['100.00', '100.00', '200.00', '200.00', '300.00']);
  });
});

describe('nights', () => {
  const chicago = (iso: string) => new Date(iso);
  it('counts the local dates from check-in to check-out, at least one', () => {
    expect(nightsOf('America/Chicago', chicago('2026-06-01T20:00:00Z'), chicago('2026-06-01T23:00:00Z'))).toBe(1);
    // 15:00 local on the 1st to 11:00 local on the 4th
    expect(nightsOf('America/Chicago', chicago('2026-06-01T20:00:00Z'), chicago('2026-06-04T16:00:00Z'))).toBe(3);
  });

  it('a night of 23 or 25 hours across a daylight-saving change is one night', () => {
    // spring forward on 8 March 2026: 15:00 CST on the 7th to 11:00 CDT on the 9th
    expect(nightsOf('America/Chicago', chicago('2026-03-07T21:00:00Z'), chicago('2026-03-09T16:00:00Z'))).toBe(2);
    // fall back on 1 November 2026: 15:00 CDT on 31 October to 11:00 CST on 1 November
    expect(nightsOf('America/Chicago', chicago('2026-10-31T20:00:00Z'), chicago('2026-11-01T17:00:00Z'))).toBe(1);
    // 23:30 local on the 31st to 00:30 local on the 1st, across the change: one night
    expect(nightsOf('America/Chicago', chicago('2026-11-01T04:30:00Z'), chicago('2026-11-01T06:30:00Z'))).toBe(1);
  });
});

/** Exact decimal text as a BigInt of millionths of millionths (12 decimals): the reference arithmetic. */
const SCALE = 12;
const fixed = (text: string): bigint => {
  const [int, frac = ''] = text.split('.');
  return BigInt(int! + frac.padEnd(SCALE, '0'));
};
/** a × b at 12 decimals, rounded half up to the cent, as text. */
const centsOf = (x12: bigint): string => {
  const unit = 10n ** BigInt(SCALE - 2);
  const c = (x12 + unit / 2n) / unit;
  return `${c / 100n}.${String(c % 100n).padStart(2, '0')}`;
};
const times = (a: string, b: string) => (fixed(a) * fixed(b)) / 10n ** BigInt(SCALE);

const decimal = (ints: number, scale: number) =>
  fc
    .tuple(fc.nat(10 ** ints - 1), fc.nat(10 ** scale - 1))
    .map(([i, f]) => (f ? `${i}.${String(f).padStart(scale, '0')}`.replace(/0+$/, '') : String(i)));

const terms: fc.Arbitrary<Terms> = fc.record({
  electricRate: decimal(1, 6),
  waterRate: decimal(1, 6),
  electricBlocks: fc
    .uniqueArray(fc.integer({ min: 1, max: 5_000 }), { maxLength: 3 })
    .chain((ends) =>
      fc.tuple(
        ...[...ends].sort((a, b) => a - b).map((end) => decimal(1, 4).map((rate) => ({ upToKwh: String(end), rate }))),
      ),
    ),
  fees: fc.array(
    fc.record({ name: fc.constant('Fee'), amount: decimal(3, 2), per: fc.constantFrom('stay', 'night', '30days') }),
    { maxLength: 3 },
  ),
  minimumCharge: fc.option(decimal(3, 2)),
  taxes: fc.array(
    fc.record({
      name: fc.constant('Tax'),
      percent: decimal(2, 3),
      appliesTo: fc.constantFrom('utilities', 'fees', 'all'),
    }),
    { maxLength: 3 },
  ),
});

describe('a bill, for any tariff and usage', () => {
  it('prices every kWh once, rounds each line half up, and adds up', () => {
    fc.assert(
      fc.property(
        terms,
        fc.option(decimal(5, 6)),
        fc.option(decimal(5, 6)),
        fc.integer({ min: 1, max: 400 }),
        (t, kwh, gallons, nights) => {
          const bill = billOf(t, { kwh, gallons, nights });
          const electric = bill.lines.filter((l) => l.kind === 'electric');
          expect(electric.length > 0).toBe(kwh !== null);
          if (kwh !== null) expect(electric.reduce((s, l) => s + fixed(l.quantity), 0n)).toBe(fixed(kwh));
          for (const l of bill.lines.filter((x) => x.kind === 'electric' || x.kind === 'water'))
            expect(l.amount).toBe(centsOf(times(l.quantity, l.unitPrice)));
          for (const l of bill.lines.filter((x) => x.kind === 'tax'))
            expect(l.amount).toBe(centsOf(times(l.quantity, l.unitPrice) / 100n));
          const add = (ls: typeof bill.lines) => ls.reduce((s, l) => s + fixed(l.amount), 0n);
          const untaxed = bill.lines.filter((l) => l.kind !== 'tax');
          expect(fixed(bill.subtotal)).toBe(add(untaxed));
          expect(fixed(bill.taxTotal)).toBe(add(bill.lines.filter((l) => l.kind === 'tax')));
          expect(fixed(bill.total)).toBe(fixed(bill.subtotal) + fixed(bill.taxTotal));
          const utilities = add(bill.lines.filter((l) => ['electric', 'water', 'minimum'].includes(l.kind)));
          if (t.minimumCharge !== null) expect(utilities >= fixed(t.minimumCharge)).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });
});
