/** The text of a rate field while typing: digits and at most one decimal point. */
export function cleanRateInput(raw: string): string {
  const kept = raw.replace(/,/g, '.').replace(/[^\d.]/g, '');
  const dot = kept.indexOf('.');
  return dot === -1 ? kept : kept.slice(0, dot + 1) + kept.slice(dot + 1).replace(/\./g, '');
}

/** The number a rate field holds, or undefined when nothing usable is typed (the form then says it is required). */
export function parseRate(text: string): number | undefined {
  if (!/\d/.test(text)) return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

/** A rate as shown after blur: two decimals (0.125 -> 0.13), or empty. */
export function formatRate(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  // Rounded on the decimal text, so that 1.005 gives 1.01 and not 1.00.
  const shifted = Number(`${value}e2`);
  return (Math.round(Number.isFinite(shifted) ? shifted : value * 100) / 100).toFixed(2);
}
