import { describe, expect, it } from 'vitest';
import { usageDayFormats } from './usageDays';

describe('usage chart dates', () => {
  it.each([
    ['en', 'Nov 1', 'Sunday, November 1'],
    ['de', '1. Nov.', 'Sonntag, 1. November'],
    ['ja', '11月1日', '11月1日日曜日'],
  ])('names a property’s day in %s, whatever the browser’s zone', (language, axis, full) => {
    const dates = usageDayFormats(language);
    expect(dates.axis('2026-11-01')).toBe(axis);
    expect(dates.full('2026-11-01')).toBe(full);
  });
});
