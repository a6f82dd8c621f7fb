import { describe, expect, it } from 'vitest';
import { defaultAppearance, isAppearanceConfig } from './appearance';

describe('a stored appearance configuration', () => {
  it.each([
    ['the defaults', defaultAppearance, true],
    ['a dark skin with a fixed width', { ...defaultAppearance, skin: 'dark', content: { width: 'fixed' } }, true],
    ['an unknown skin', { ...defaultAppearance, skin: 'blue' }, false],
    ['an unknown width', { ...defaultAppearance, content: { width: 'wide' } }, false],
    ['a missing section', { ...defaultAppearance, footer: undefined }, false],
    ['a flag that is not a boolean', { ...defaultAppearance, subheader: { display: 'yes', fixed: false } }, false],
    ['not an object', 'dark', false],
  ])('%s is accepted: %s', (_, value, expected) => {
    expect(isAppearanceConfig(value)).toBe(expected);
  });
});
