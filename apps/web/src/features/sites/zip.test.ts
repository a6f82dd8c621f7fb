import { Country, zipFormatMessage, normalizeZip } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { maskZip } from './zip';

describe('maskZip', () => {
  it.each([
    ['', ''],
    ['1234', '1234'],
    ['12345', '12345'],
    ['12345-', '12345-'],
    ['123456', '12345-6'],
    ['123456789', '12345-6789'],
    ['12345-67890', '12345-6789'],
    ['12a3-45 6', '12345-6'],
    ['1234-', '1234'],
  ])('country 236 masks %j as %j', (raw, masked) => {
    expect(maskZip(Country.UnitedStates, raw)).toBe(masked);
  });

  it.each([
    ['k1a0b1', 'K1A0B1'],
    ['K1A 0B1', 'K1A 0B1'],
    ['k1a-0b1', 'K1A-0B1'],
    ['K1A ', 'K1A '],
    ['K1A  0B1', 'K1A 0B1'],
    ['1KA', 'K'],
    ['K1A0B1X9', 'K1A0B1'],
    ['K1A 0B1 extra', 'K1A 0B1'],
  ])('country 40 masks %j as %j', (raw, masked) => {
    expect(maskZip(Country.Canada, raw)).toBe(masked);
  });

  it('leaves other countries free up to 20 characters', () => {
    expect(maskZip(235, 'SW1A 1AA')).toBe('SW1A 1AA');
    expect(maskZip(235, 'x'.repeat(30))).toHaveLength(20);
  });

  it('gives zips that the contract accepts once complete, and a trimmed hyphen', () => {
    expect(zipFormatMessage(Country.UnitedStates, maskZip(Country.UnitedStates, '123456789'))).toBeNull();
    expect(normalizeZip(maskZip(Country.UnitedStates, '12345-'))).toBe('12345');
    expect(zipFormatMessage(Country.UnitedStates, maskZip(Country.UnitedStates, '1234'))).toBe('zipFormat');
    expect(zipFormatMessage(Country.Canada, maskZip(Country.Canada, 'k1a 0b1'))).toBeNull();
    expect(zipFormatMessage(Country.Canada, maskZip(Country.Canada, 'K1A 0'))).toBe('postalFormat');
  });
});
