import { DEFAULT_CURRENCY, normalDecimal, type FrozenStatement, type StatementMeter } from '@portal/contract';
import type { StatementFacts } from './queries';
import { addDecimals, billOf, nightsOf, type Terms } from './statement';
import { iso } from '../../lib/instants';

const NO_TARIFF: Terms = {
  electricRate: '0',
  waterRate: '0',
  electricBlocks: [],
  fees: [],
  minimumCharge: null,
  taxes: [],
};

/** A stay's usage of a unit over its meters; null when it has no meter of that unit. */
function totalOf(meters: StatementMeter[], unit: StatementMeter['unit']): string | null {
  const of = meters.filter((m) => m.unit === unit);
  return of.length ? addDecimals(of.map((m) => m.usage)) : null;
}

/** A stay's nights and bill under its tariff, its usage given, until check-out (or now). */
export function chargeOf(
  f: Pick<StatementFacts, 'checkin_at' | 'checkout_at' | 'time_zone' | 'tariff'>,
  use: { kwh: string | null; gallons: string | null },
  now: Date,
) {
  const until = f.checkout_at === null ? now : new Date(f.checkout_at);
  const nights = nightsOf(f.time_zone, new Date(f.checkin_at), until);
  return { until, nights, bill: billOf(f.tariff ?? NO_TARIFF, { ...use, nights }) };
}

/**
 * A stay's statement worked out from its meters as the readings stand (`f.meters`, read
 * `fresh`), until check-out or now: revision 1, as check-out freezes it.
 */
export function workedOut(f: StatementFacts, now: Date): FrozenStatement {
  const meters = (f.meters ?? []).map(presentMeter);
  const { until, nights, bill } = chargeOf(f, { kwh: totalOf(meters, 'kWh'), gallons: totalOf(meters, 'gal') }, now);
  return {
    asOf: iso(until),
    nights,
    currency: f.tariff?.currency ?? DEFAULT_CURRENCY,
    tariffVersionID: f.tariff?.id ?? null,
    tariffEffectiveFrom: f.tariff ? iso(f.tariff.effectiveFrom) : null,
    meters,
    ...bill,
    revision: 1,
    revisedAt: null,
    revisionReason: null,
    changes: [],
  };
}

/**
 * A statement as stored: statements frozen before revisions and suspect readings existed lack
 * their fields, and read as the first revision with nothing under review.
 */
export function asStored(s: FrozenStatement): FrozenStatement {
  return {
    ...s,
    meters: s.meters.map((m) => ({
      ...m,
      underReview: m.underReview ?? 0,
      openingEstimated: m.openingEstimated ?? false,
      closingEstimated: m.closingEstimated ?? false,
    })),
    revision: s.revision ?? 1,
    revisedAt: s.revisedAt ?? null,
    revisionReason: s.revisionReason ?? null,
    changes: s.changes ?? [],
  };
}

/** The figures of a stay's statement: frozen at check-out (its latest revision), or worked out as of now. */
export function figuresOf(f: StatementFacts, now: Date): FrozenStatement {
  return f.statement ? asStored(f.statement) : workedOut(f, now);
}

function presentMeter(m: StatementMeter): StatementMeter {
  const text = (v: string | null) => (v === null ? null : normalDecimal(v));
  return {
    ...m,
    openingReading: text(m.openingReading),
    closingReading: text(m.closingReading),
    closingReadingAt: m.closingReadingAt === null ? null : iso(m.closingReadingAt),
    usage: normalDecimal(m.usage),
    underReview: Number(m.underReview),
    events: m.events.map((e) => ({
      ...e,
      at: iso(e.at),
      reading: normalDecimal(e.reading),
      previous: text(e.previous),
    })),
  };
}
