/**
 * Money, prices and quantities arrive as exact decimal text ("12.50", "0.1325"): they are
 * formatted from that text (Intl.NumberFormat reads a string as an exact decimal), never
 * turned into a binary float, and show every decimal they have.
 */

const formats = new Map<string, Intl.NumberFormat>();

function formatOf(language: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${language} ${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language, options);
    formats.set(key, format);
  }
  return format;
}

/** The decimals a decimal text has: "12.50" → 2, "3" → 0 (Intl takes at most 20). */
function decimalsOf(text: string): number {
  const point = text.indexOf('.');
  return point < 0 ? 0 : Math.min(text.length - point - 1, 20);
}

/** A decimal text as Intl reads it exactly. */
const exact = (text: string) => text.trim() as `${number}`;

/** The decimals a currency shows by default (USD 2, JPY 0); 2 for a code Intl does not know. */
function currencyDecimals(currency: string, language: string): number {
  try {
    return formatOf(language, { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/**
 * An amount or a price in its currency: "$1,234.50", "$0.1325". Every decimal of the text is
 * shown, and at least the currency's own (a fee of "5" is "$5.00"); nothing is rounded away.
 */
export function formatMoney(text: string, currency: string, language: string): string {
  const digits = Math.max(decimalsOf(text), currencyDecimals(currency, language));
  try {
    return formatOf(language, {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(exact(text));
  } catch {
    return `${text} ${currency}`;
  }
}

/** A quantity, a reading or a percent as it is: "1,600", "75.5", "0.125". */
export function formatDecimal(text: string, language: string): string {
  return formatOf(language, { maximumFractionDigits: decimalsOf(text) }).format(exact(text));
}

/** Compares two non-negative decimal texts exactly ("12.5" and "12.50" are equal): -1, 0 or 1. */
export function compareDecimals(a: string, b: string): -1 | 0 | 1 {
  const [ai = '', af = ''] = a.trim().split('.');
  const [bi = '', bf = ''] = b.trim().split('.');
  const width = Math.max(af.length, bf.length);
  const x = BigInt(`${ai || '0'}${af.padEnd(width, '0')}`);
  const y = BigInt(`${bi || '0'}${bf.padEnd(width, '0')}`);
  return x < y ? -1 : x > y ? 1 : 0;
}
