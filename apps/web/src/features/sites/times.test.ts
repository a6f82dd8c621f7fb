import { describe, expect, it } from 'vitest';
import { dayEndAfter, dayEndOptions, timeOptions, weekdayOptions } from './times';

describe('times of day', () => {
  it('offers every 15 minutes of a day', () => {
    expect(timeOptions).toHaveLength(96);
    expect(timeOptions.slice(0, 3)).toEqual(['00:00', '00:15', '00:30']);
    expect(timeOptions.at(-1)).toBe('23:45');
  });

  it('moves the day end up when the start passes it, and leaves it otherwise', () => {
    expect(dayEndAfter('19:00', '18:00')).toBe('19:00');
    expect(dayEndAfter('09:00', '18:00')).toBe('18:00');
    expect(dayEndAfter('18:00', '18:00')).toBe('18:00');
    expect(dayEndAfter('09:00', undefined)).toBeUndefined();
  });

  it('offers no day end before the day start', () => {
    expect(dayEndOptions('22:30')).toEqual(['22:30', '22:45', '23:00', '23:15', '23:30', '23:45']);
    expect(dayEndOptions(undefined)).toHaveLength(96);
  });

  it('names the week days from Monday = 1 to Sunday = 7', () => {
    const days = weekdayOptions('en');
    expect(days.map((d) => d.value)).toEqual(['1', '2', '3', '4', '5', '6', '7']);
    expect(days[0]!.label).toBe('Monday');
    expect(days[6]!.label).toBe('Sunday');
  });
});
