import { describe, expect, it } from 'vitest';
import { formatMoney } from './money';

describe('formatMoney', () => {
  it('formats the exact decimal text in the currency and language', () => {
    expect(formatMoney('en', '1234.50', 'USD')).toBe('$1,234.50');
    expect(formatMoney('de', '1234.50', 'EUR')).toBe('1.234,50\u00a0€');
    // beyond a double's 15–17 digits the text keeps every cent
    expect(formatMoney('en', '90071992547409.93', 'USD')).toBe('$90,071,992,547,409.93');
  });
});
