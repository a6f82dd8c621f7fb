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

/** A reading whose series breaks: a reset, or a total lower than the one before. */
export function isBreak(series: ModelReading[], i: number): boolean {
  const prev = series[i - 1];
  return prev !== undefined && (series[i]!.reset || series[i]!.total < prev.total);
}

/** The roll-up's rule: the rise since the previous reading, nothing for the first, a reset or a drop. */
export function rise(series: ModelReading[], i: number): bigint {
  const prev = series[i - 1];
  if (!prev || series[i]!.reset || series[i]!.total < prev.total) return 0n;
  return series[i]!.total - prev.total;
}

/** Usage over [a, b): the rises of the readings read in it. */
export function usageOver(series: ModelReading[], a: number, b: number): bigint {
  return series.reduce((sum, r, i) => (r.at >= a && r.at < b ? sum + rise(series, i) : sum), 0n);
}

/** The last total read before t, or null. */
export function lastBefore(series: ModelReading[], t: number): bigint | null {
  return series.filter((r) => r.at < t).at(-1)?.total ?? null;
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
 * The totals a row of [a, b) may open at: the last reading before a (the first in [a, b)
 * when there is none before), or the first reading in [a, b) when that one breaks the
 * series (the piece before it is empty and left out).
 */
export function openings(series: ModelReading[], a: number, b: number): bigint[] {
  const first = series.findIndex((r) => r.at >= a && r.at < b);
  const out = [lastBefore(series, a) ?? series[first]?.total ?? null];
  if (first >= 0 && isBreak(series, first)) out.push(series[first]!.total);
  return out.filter((v): v is bigint => v !== null);
}
