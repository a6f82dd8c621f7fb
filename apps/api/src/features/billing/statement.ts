import Big from 'big.js';
import { toWallClock, type FeePeriod, type StatementLine, type TaxBase } from '@portal/contract';

/** What a tariff version prices: exact decimal text throughout. */
export type Terms = {
  electricRate: string;
  waterRate: string;
  electricBlocks: ReadonlyArray<{ upToKwh: string; rate: string }>;
  fees: ReadonlyArray<{ name: string; amount: string; per: FeePeriod }>;
  minimumCharge: string | null;
  taxes: ReadonlyArray<{ name: string; percent: string; appliesTo: TaxBase }>;
};

/** What a stay used: kWh and gallons (null: no meter of that unit), and its nights. */
export type StayUse = { kwh: string | null; gallons: string | null; nights: number };

export type Bill = { lines: StatementLine[]; subtotal: string; taxTotal: string; total: string };

const ZERO = new Big(0);
const cents = (x: Big) => x.round(2, Big.roundHalfUp);
const money = (x: Big) => x.toFixed(2);
/** Quantities and prices as plain decimal text, without trailing zeros. */
const plain = (x: Big) => x.toFixed();
const sum = (xs: Big[]) => xs.reduce((a, b) => a.plus(b), ZERO);

/** Exact decimal texts added up. */
export const addDecimals = (texts: readonly string[]): string => plain(sum(texts.map((t) => new Big(t))));

/**
 * A stay's bill under a tariff. Each line is its quantity times its price, rounded half-up to
 * the cent; electricity goes through the blocks in order, what lies beyond the last one at the
 * electric rate. The minimum charge tops electricity and water up to it. Taxes apply to
 * utilities (electricity, water and the minimum's top-up), fees or all, each rounded on its own.
 */
export function billOf(terms: Terms, use: StayUse): Bill {
  const utilities = [...electricLines(terms, use.kwh), ...waterLines(terms, use.gallons)];
  const used = sum(utilities.map((l) => new Big(l.amount)));
  const minimum = minimumLine(terms.minimumCharge, used);
  const fees = terms.fees.map((fee) => feeLine(fee, use.nights));

  const utilityTotal = used.plus(minimum ? minimum.amount : '0');
  const feeTotal = sum(fees.map((l) => new Big(l.amount)));
  const subtotal = utilityTotal.plus(feeTotal);
  const taxes = terms.taxes.map((tax) => {
    const base = tax.appliesTo === 'utilities' ? utilityTotal : tax.appliesTo === 'fees' ? feeTotal : subtotal;
    const line: StatementLine = {
      kind: 'tax',
      description: tax.name,
      quantity: money(base),
      unitPrice: plain(new Big(tax.percent)),
      amount: money(cents(base.times(tax.percent).div(100))),
      appliesTo: tax.appliesTo,
    };
    return line;
  });
  const taxTotal = sum(taxes.map((l) => new Big(l.amount)));
  return {
    lines: [...utilities, ...(minimum ? [minimum] : []), ...fees, ...taxes],
    subtotal: money(subtotal),
    taxTotal: money(taxTotal),
    total: money(subtotal.plus(taxTotal)),
  };
}

function priced(kind: 'electric' | 'water', description: string, quantity: Big, price: string): StatementLine {
  return {
    kind,
    description,
    quantity: plain(quantity),
    unitPrice: plain(new Big(price)),
    amount: money(cents(quantity.times(price))),
  };
}

function electricLines(terms: Terms, kwh: string | null): StatementLine[] {
  if (kwh === null) return [];
  const used = new Big(kwh);
  if (!terms.electricBlocks.length) return [priced('electric', 'Electricity (kWh)', used, terms.electricRate)];
  const lines: StatementLine[] = [];
  let from = ZERO;
  for (const block of [...terms.electricBlocks, { upToKwh: null, rate: terms.electricRate }]) {
    const upTo = block.upToKwh === null ? null : new Big(block.upToKwh);
    const inBlock = (upTo && used.gt(upTo) ? upTo : used).minus(from);
    // the first block shows even when nothing was used, so that the statement names its price
    if (inBlock.gt(0) || !lines.length) {
      const span = upTo ? `${plain(from)}–${plain(upTo)} kWh` : `over ${plain(from)} kWh`;
      const line = priced('electric', `Electricity ${span}`, inBlock.gt(0) ? inBlock : ZERO, block.rate);
      lines.push({ ...line, block: { from: plain(from), upTo: upTo ? plain(upTo) : null } });
    }
    if (!upTo || used.lte(upTo)) break;
    from = upTo;
  }
  return lines;
}

function waterLines(terms: Terms, gallons: string | null): StatementLine[] {
  return gallons === null ? [] : [priced('water', 'Water (gallons)', new Big(gallons), terms.waterRate)];
}

function minimumLine(minimum: string | null, used: Big): StatementLine | null {
  if (minimum === null || used.gte(minimum)) return null;
  return {
    kind: 'minimum',
    description: 'Minimum charge',
    quantity: '1',
    unitPrice: money(new Big(minimum)),
    amount: money(new Big(minimum).minus(used)),
  };
}

function feeLine(fee: Terms['fees'][number], nights: number): StatementLine {
  const count = fee.per === 'stay' ? 1 : fee.per === 'night' ? nights : Math.max(1, Math.ceil(nights / 30));
  return {
    kind: 'fee',
    description: fee.name,
    quantity: String(count),
    unitPrice: money(new Big(fee.amount)),
    amount: money(cents(new Big(fee.amount).times(count))),
    per: fee.per,
  };
}

const DAY_MS = 86_400_000;

/**
 * The nights of a stay: the property's local dates from check-in to check-out (or now), at
 * least one. A daylight-saving day of 23 or 25 hours is one night like any other.
 */
export function nightsOf(timeZone: string, checkIn: Date, until: Date): number {
  const day = (at: Date) => Math.floor(toWallClock(timeZone, at.getTime()) / DAY_MS);
  return Math.max(1, day(until) - day(checkIn));
}
