import { describe, expect, it } from 'vitest';
import { stateMemory } from './stateMemory';

const US = 236;
const CANADA = 40;
const NEW_ZEALAND = 158;
const ALASKA = 2;
const MINNESOTA = 24;
const ONTARIO = 109;

describe('the state shown after a country change', () => {
  it('is none for a country whose states were not chosen yet, and the earlier choice on the way back', () => {
    const switchCountry = stateMemory();
    expect(switchCountry({ country: US, state: MINNESOTA }, CANADA)).toBeNull();
    expect(switchCountry({ country: CANADA, state: ONTARIO }, US)).toBe(MINNESOTA);
    expect(switchCountry({ country: US, state: MINNESOTA }, CANADA)).toBe(ONTARIO);
    expect(switchCountry({ country: CANADA, state: ONTARIO }, NEW_ZEALAND)).toBeNull();
  });

  it('remembers a country left without a state as without one, and forgets nothing across a cleared country', () => {
    const switchCountry = stateMemory();
    expect(switchCountry({ country: US, state: ALASKA }, CANADA)).toBeNull();
    expect(switchCountry({ country: CANADA, state: null }, null)).toBeNull();
    expect(switchCountry({ country: null, state: null }, US)).toBe(ALASKA);
    expect(switchCountry({ country: US, state: ALASKA }, CANADA)).toBeNull();
  });

  it('belongs to one dialog: another starts empty', () => {
    stateMemory()({ country: US, state: MINNESOTA }, CANADA);
    expect(stateMemory()({ country: CANADA, state: null }, US)).toBeNull();
  });
});
