/**
 * An independent model of the reports' arithmetic for the identity tests, in exact integers
 * of micro-units (the database keeps 6 decimals): never a float subtraction.
 */

/**
 * A reading of the model: instant (ms), cumulative total in micro-units, manual reset; and what
 * staff decided of it, when they did: a rise confirmed as real, or the reading discarded.
 */
export type ModelReading = { at: number; total: bigint; reset: boolean; confirmed?: boolean; discarded?: boolean };

const MICRO_DIGITS = 6;

/** A report cell or a decimal text as micro-units, exactly; refuses more than 6 decimals. */
export function micro(value: number | string): bigint {
  const text = typeof value === 'number' ? String(value) : value;
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match || (match[3] ?? '').length > MICRO_DIGITS) throw new Error(`not a decimal of up to 6 places: ${text}`);
  const units = BigInt(match[2]! + (match[3] ?? '').padEnd(MICRO_DIGITS, '0'));
  return match[1] ? -units : units;
}

/** Micro-units as decimal text with 6 places, as readings are stored. */
export function microText(units: bigint): string {
  const digits = units.toString().padStart(MICRO_DIGITS + 1, '0');
  return `${digits.slice(0, -MICRO_DIGITS)}.${digits.slice(-MICRO_DIGITS)}`;
}

/** Usage × rate rounded half up to the cent, in micro-units (usage and rate both in micro-units). */
export function amount(usage: bigint, rate: bigint): bigint {
  const perCent = 10n ** 10n; // micro × micro = 10^12 a unit, 10^10 a cent
  return ((usage * rate + perCent / 2n) / perCent) * 10_000n;
}

type ReadingKind = 'normal' | 'reset' | 'drop' | 'glitch' | 'baseline' | 'rollover' | 'suspect' | 'discarded';
/** A reading's kind, the usage it adds and the meter's level after it (the total the next reading is measured from). */
export type Classified = { kind: ReadingKind; usage: bigint; level: bigint };

const UNIT = 10n ** BigInt(MICRO_DIGITS);
const HOUR_MS = 3_600_000n;
const QUARTER_MS = 900_000;

/** The most a meter delivers in an hour, by unit, in micro-units (the device types' default rates). */
export const MODEL_RATE = { kWh: 12n * UNIT, gal: 1_200n * UNIT } as const;

/** The register a total counts on, in micro-units: 10^k units for a total of k integer digits. */
export function register(total: bigint): bigint {
  return 10n ** BigInt((total / UNIT).toString().length) * UNIT;
}

/**
 * Whether a meter of `rate` (micro-units an hour) can rise by `rise` from one instant (ms) to
 * another: its rate over the time between, and never less than a quarter hour's worth.
 */
function canRise(rise: bigint, rate: bigint, from: number, to: number): boolean {
  return rise * HOUR_MS <= rate * BigInt(Math.max(to - from, QUARTER_MS));
}

const classifiedSeries = new WeakMap<ModelReading[], { rate: bigint; out: Classified[] }>();

/**
 * docs/decisions/0056-totals-that-go-down.md, "Totals that go down" and "Rises a meter cannot deliver", as a walk along
 * the series (in time order) carrying the level (the total the next reading is measured from,
 * and when it was read): a reset starts a new level; a total at or above the level adds the
 * rise when the meter can deliver it in the time (or staff confirmed it), else the next reading
 * decides: back on the old line, a glitch; going on from the new total, a new baseline; neither
 * or none yet, suspect (all three add nothing). Below the level the next reading decides as
 * well: back at or above the level (and not a reset), a glitch that adds nothing and leaves the
 * level; none yet, a drop, the same for now; otherwise a rollover when the level (4 or more
 * integer digits) wrapped on its register by at most 1 % of it and within what the meter can
 * deliver (adding the rise through the register's end), else a new baseline that adds nothing.
 * Readings staff discarded count for nothing and are passed over.
 */
export function classify(series: ModelReading[], rate: bigint): Classified[] {
  const known = classifiedSeries.get(series);
  if (known?.rate === rate) return known.out;
  let level: { total: bigint; at: number } | null = null;
  const kept = series.filter((r) => !r.discarded);
  const byReading = new Map<ModelReading, Classified>();
  kept.forEach((r, i) => {
    const next = kept[i + 1];
    const from = level;
    let kind: ReadingKind;
    let usage = 0n;
    const backOnLine = (n: ModelReading | undefined, to: { total: bigint; at: number }) =>
      !!n && !n.reset && n.total >= to.total && canRise(n.total - to.total, rate, to.at, n.at);
    if (r.reset) kind = 'reset';
    else if (from === null) kind = 'normal';
    else if (r.total >= from.total) {
      if (r.confirmed || canRise(r.total - from.total, rate, from.at, r.at)) {
        kind = 'normal';
        usage = r.total - from.total;
      } else if (backOnLine(next, from)) kind = 'glitch';
      else if (backOnLine(next, r)) kind = 'baseline';
      else kind = 'suspect';
    } else if (!next) kind = 'drop';
    else if (!next.reset && next.total >= from.total) kind = 'glitch';
    else {
      const wrap = r.total + register(from.total) - from.total;
      const rolls =
        from.total >= 1000n * UNIT &&
        wrap <= register(from.total) / 100n &&
        (r.confirmed || canRise(wrap, rate, from.at, r.at));
      kind = rolls ? 'rollover' : 'baseline';
      if (rolls) usage = wrap;
    }
    if (!['glitch', 'drop', 'suspect'].includes(kind)) level = { total: r.total, at: r.at };
    byReading.set(r, { kind, usage, level: level!.total });
  });
  let last: bigint | null = null;
  const out = series.map((r) => {
    const c = byReading.get(r);
    if (c) last = c.level;
    return c ?? { kind: 'discarded' as const, usage: 0n, level: last ?? r.total };
  });
  classifiedSeries.set(series, { rate, out });
  return out;
}

/** The usage a reading adds. */
function rise(series: ModelReading[], rate: bigint, i: number): bigint {
  return classify(series, rate)[i]!.usage;
}

/** Usage over [a, b): the rises of the readings read in it. */
export function usageOver(series: ModelReading[], rate: bigint, a: number, b: number): bigint {
  return series.reduce((sum, r, i) => (r.at >= a && r.at < b ? sum + rise(series, rate, i) : sum), 0n);
}

/** The meter's level before t (a glitch, a drop or a suspect passed over), or null when nothing was read before t. */
export function lastBefore(series: ModelReading[], rate: bigint, t: number): bigint | null {
  const i = series.findLastIndex((r) => r.at < t && !r.discarded);
  return i < 0 ? null : classify(series, rate)[i]!.level;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** The local date 'YYYY-MM-DD' of an instant in a zone. */
export function localDate(timeZone: string, at: number): string {
  let format = dateFormats.get(timeZone);
  if (!format) dateFormats.set(timeZone, (format = new Intl.DateTimeFormat('en-CA', { timeZone })));
  return format.format(new Date(at));
}

/** Usage over [a, b) by local date: only dates with a reading in [a, b). */
export function usageByDay(
  series: ModelReading[],
  rate: bigint,
  a: number,
  b: number,
  timeZone: string,
): Map<string, bigint> {
  const days = new Map<string, bigint>();
  series.forEach((r, i) => {
    if (r.at < a || r.at >= b) return;
    const day = localDate(timeZone, r.at);
    days.set(day, (days.get(day) ?? 0n) + rise(series, rate, i));
  });
  return days;
}

/**
 * The totals a row of [a, b) may open at: the level before a (the first reading in [a, b)
 * when there is none before), or the first reading in [a, b) when that one is a reset or a new
 * baseline (the piece before it is empty and left out; before a rollover it holds the usage up
 * to the register's end).
 */
export function openings(series: ModelReading[], rate: bigint, a: number, b: number): bigint[] {
  const first = series.findIndex((r) => r.at >= a && r.at < b);
  const out = [lastBefore(series, rate, a) ?? series[first]?.total ?? null];
  if (first >= 0 && ['reset', 'baseline'].includes(classify(series, rate)[first]!.kind)) out.push(series[first]!.total);
  return out.filter((v): v is bigint => v !== null);
}
