import { describe, expect, it } from 'vitest';
import { compareDecimals, formatDecimal, formatMoney } from './decimals';

describe('money and quantities from their exact decimal text', () => {
  it('keeps every digit, beyond what a binary float holds', () => {
    expect(formatMoney('12345678901234567.89', 'USD', 'en')).toBe('$12,345,678,901,234,567.89');
    expect(formatMoney('0.10', 'USD', 'en')).toBe('$0.10');
    expect(formatDecimal('1234567.000001', 'en')).toBe('1,234,567.000001');
  });

  it('shows a price’s every decimal and at least the currency’s own', () => {
    expect(formatMoney('0.1325', 'USD', 'en')).toBe('$0.1325');
    expect(formatMoney('5', 'USD', 'en')).toBe('$5.00');
    // a statement's amounts have two decimals in every currency: none is rounded away
    expect(formatMoney('1234.50', 'JPY', 'ja')).toBe('￥1,234.50');
    expect(formatMoney('12', 'JPY', 'en')).toBe('¥12');
  });

  it('writes them the way of the user’s language', () => {
    expect(formatMoney('2675.68', 'EUR', 'de')).toBe('2.675,68\u00a0€');
    expect(formatMoney('2675.68', 'EUR', 'fr')).toBe('2\u202f675,68\u00a0€');
    expect(formatDecimal('75.5', 'de')).toBe('75,5');
  });

  it('names a currency Intl does not know by its code', () => {
    expect(formatMoney('1.50', 'ZZZ1', 'en')).toBe('1.50 ZZZ1');
  });
});

describe('comparing decimal texts', () => {
  /** Thousandths as text, written with `pad` extra trailing zeros ("1.5", "1.500", "2"). */
  const text = (thousandths: number, pad: number) => {
    const whole = Math.floor(thousandths / 1000);
    const fraction = String(thousandths % 1000)
      .padStart(3, '0')
      .replace(/0+$/, '');
    const digits = fraction + '0'.repeat(pad);
    return digits ? `${whole}.${digits}` : String(whole);
  };

  it('orders every pair of 0 to 2.5 in thousandths as their values, however many zeros they trail', () => {
    for (let x = 0; x <= 2_500; x += 7)
      for (let y = 0; y <= 2_500; y += 11)
        expect(compareDecimals(text(x, x % 3), text(y, y % 2))).toBe(Math.sign(x - y));
  });

  it('compares beyond what a binary float holds', () => {
    expect(compareDecimals('999999999999.999998', '999999999999.999999')).toBe(-1);
    expect(compareDecimals('0012.50', '12.5')).toBe(0);
  });
});
