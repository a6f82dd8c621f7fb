/**
 * An independent model of the reports' arithmetic for the identity tests, in exact integers
 * of micro-units (the database keeps 6 decimals): never a float subtraction.
 */

/** A reading of the model: instant (ms), cumulative total in micro-units, manual reset. */
export type ModelReading = { at: number; total: bigint; reset: boolean };

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

type ReadingKind = 'normal' | 'reset' | 'drop' | 'glitch' | 'baseline' | 'rollover';
/** A reading's kind, the usage it adds and the meter's level after it (the total the next reading is measured from). */
export type Classified = { kind: ReadingKind; usage: bigint; level: bigint };

const UNIT = 10n ** BigInt(MICRO_DIGITS);

/** The register a total counts on, in micro-units: 10^k units for a total of k integer digits. */
export function register(total: bigint): bigint {
  return 10n ** BigInt((total / UNIT).toString().length) * UNIT;
}

const classifiedSeries = new WeakMap<ModelReading[], Classified[]>();

/**
 * docs/decisions.md, "Totals that go down", as a walk along the series (in time order)
 * carrying the level: a reset starts a new level; a total at or above the level adds the rise;
 * below it, the next reading decides: back at or above the level (and not a reset), a glitch
 * that adds nothing and leaves the level; none yet, a drop, the same for now; otherwise a
 * rollover when the level (4 or more integer digits) wrapped on its register by at most 1 % of
 * it (adding the rise through the register's end), else a new baseline that adds nothing.
 */
export function classify(series: ModelReading[]): Classified[] {
  const known = classifiedSeries.get(series);
  if (known) return known;
  let level: bigint | null = null;
  const out = series.map((r, i): Classified => {
    const next = series[i + 1];
    let kind: ReadingKind;
    let usage = 0n;
    if (r.reset) kind = 'reset';
    else if (level === null || r.total >= level) {
      kind = 'normal';
      usage = level === null ? 0n : r.total - level;
    } else if (!next) kind = 'drop';
    else if (!next.reset && next.total >= level) kind = 'glitch';
    else if (level >= 1000n * UNIT && r.total + register(level) - level <= register(level) / 100n) {
      kind = 'rollover';
      usage = r.total + register(level) - level;
    } else kind = 'baseline';
    if (kind !== 'glitch' && kind !== 'drop') level = r.total;
    return { kind, usage, level: level! };
  });
  classifiedSeries.set(series, out);
  return out;
}

/** The usage a reading adds. */
function rise(series: ModelReading[], i: number): bigint {
  return classify(series)[i]!.usage;
}

/** Usage over [a, b): the rises of the readings read in it. */
export function usageOver(series: ModelReading[], a: number, b: number): bigint {
  return series.reduce((sum, r, i) => (r.at >= a && r.at < b ? sum + rise(series, i) : sum), 0n);
}

/** The meter's level before t (a glitch or a drop passed over), or null when nothing was read before t. */
export function lastBefore(series: ModelReading[], t: number): bigint | null {
  const i = series.findLastIndex((r) => r.at < t);
  return i < 0 ? null : classify(series)[i]!.level;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** The local date 'YYYY-MM-DD' of an instant in a zone. */
export function localDate(timeZone: string, at: number): string {
  let format = dateFormats.get(timeZone);
  if (!format) dateFormats.set(timeZone, (format = new Intl.DateTimeFormat('en-CA', { timeZone })));
  return format.format(new Date(at));
}

/** Usage over [a, b) by local date: only dates with a reading in [a, b). */
export function usageByDay(series: ModelReading[], a: number, b: number, timeZone: string): Map<string, bigint> {
  const days = new Map<string, bigint>();
  series.forEach((r, i) => {
    if (r.at < a || r.at >= b) return;
    const day = localDate(timeZone, r.at);
    days.set(day, (days.get(day) ?? 0n) + rise(series, i));
  });
  return days;
}

/**
 * The totals a row of [a, b) may open at: the level before a (the first reading in [a, b)
 * when there is none before), or the first reading in [a, b) when that one is a reset or a new
 * baseline (the piece before it is empty and left out; before a rollover it holds the usage up
 * to the register's end).
 */
export function openings(series: ModelReading[], a: number, b: number): bigint[] {
  const first = series.findIndex((r) => r.at >= a && r.at < b);
  const out = [lastBefore(series, a) ?? series[first]?.total ?? null];
  if (first >= 0 && ['reset', 'baseline'].includes(classify(series)[first]!.kind)) out.push(series[first]!.total);
  return out.filter((v): v is bigint => v !== null);
}
