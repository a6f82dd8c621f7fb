/** The currencies offered first: those of the places RV parks and marinas bill in most (ISO 4217). */
const COMMON_CURRENCIES = [
  'USD',
  'CAD',
  'MXN',
  'EUR',
  'GBP',
  'CHF',
  'SEK',
  'NOK',
  'DKK',
  'PLN',
  'CZK',
  'AUD',
  'NZD',
  'JPY',
  'CNY',
  'HKD',
  'SGD',
  'ZAR',
  'BRL',
] as const;

/** The currency choices, each named in the user's language ("USD – US Dollar"); a code in use is kept. */
export function currencyOptions(language: string, inUse: string): Array<{ value: string; label: string }> {
  const codes: string[] = [...COMMON_CURRENCIES];
  if (inUse && !codes.includes(inUse)) codes.unshift(inUse);
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames(language, { type: 'currency' });
  } catch {
    names = null;
  }
  return codes.map((code) => {
    const name = names?.of(code);
    return { value: code, label: name && name !== code ? `${code} – ${name}` : code };
  });
}
