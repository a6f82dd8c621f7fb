import { describe, expect, it } from 'vitest';
import { cleanRateInput, formatRate, parseRate } from './rates';

describe('rate fields', () => {
  it.each([
    ['0.12', '0.12'],
    ['abc1.5x', '1.5'],
    ['1.2.3', '1.23'],
    ['0,25', '0.25'],
    ['-3', '3'],
  ])('typing %j keeps %j', (raw, kept) => {
    expect(cleanRateInput(raw)).toBe(kept);
  });

  it.each([
    ['', undefined],
    ['.', undefined],
    ['0', 0],
    ['.5', 0.5],
    ['12.', 12],
  ])('%j holds %j', (text, value) => {
    expect(parseRate(text)).toBe(value);
  });

  it.each([
    [0, '0.00'],
    [0.1, '0.10'],
    [0.125, '0.13'],
    [1.005, '1.01'],
    [12, '12.00'],
    [undefined, ''],
  ])('formats %j on blur as %j', (value, text) => {
    expect(formatRate(value)).toBe(text);
  });
});

describe('tiny rates', () => {
  it('formats a number written with an exponent', () => {
    expect(formatRate(1e-7)).toBe('0.00');
  });
});
