import { describe, expect, it } from 'vitest';
import { fromWallTime, toWallTime } from '../../../lib/wallTime';
import { checkoutProblem, defaultCheckout, earliestCheckout } from './zonedTime';

describe('wall times of a property zone', () => {
  it('round-trips an instant through the wall time of its zone', () => {
    const at = new Date('2026-07-04T18:00:00Z');
    expect(toWallTime(at, 'America/Phoenix')).toBe('2026-07-04T11:00');
    expect(toWallTime(at, 'America/New_York')).toBe('2026-07-04T14:00');
    expect(fromWallTime('2026-07-04T11:00', 'America/Phoenix')?.toISOString()).toBe('2026-07-04T18:00:00.000Z');
    expect(fromWallTime('2026-01-10T11:00', 'America/New_York')?.toISOString()).toBe('2026-01-10T16:00:00.000Z');
  });

  it('refuses text that is not a wall time', () => {
    expect(fromWallTime('tomorrow', 'UTC')).toBeNull();
    expect(checkoutProblem('', 'UTC', new Date())).toBe('invalid');
  });

  it('defaults to tomorrow at the default checkout time in the property zone', () => {
    // 23:30 in Phoenix is already the next day in UTC: tomorrow is still counted in Phoenix.
    const now = new Date('2026-03-11T06:30:00Z');
    expect(toWallTime(now, 'America/Phoenix')).toBe('2026-03-10T23:30');
    expect(defaultCheckout(now, 'America/Phoenix', '11:00')).toBe('2026-03-11T11:00');
    expect(defaultCheckout(now, 'America/Toronto', '10:15')).toBe('2026-03-12T10:15');
  });

  it('never defaults before the next 15-minute slot', () => {
    const now = new Date('2026-05-01T12:07:00Z');
    expect(earliestCheckout(now, 'UTC')).toBe('2026-05-01T12:15');
    expect(defaultCheckout(now, 'UTC', '11:00')).toBe('2026-05-02T11:00');
  });

  it('accepts a check-out on the 15-minute step from the next slot on', () => {
    const now = new Date('2026-05-01T12:07:00Z');
    expect(checkoutProblem('2026-05-01T12:00', 'UTC', now)).toBe('tooEarly');
    expect(checkoutProblem('2026-05-01T12:15', 'UTC', now)).toBeNull();
    expect(checkoutProblem('2026-05-01T12:20', 'UTC', now)).toBe('step');
  });
});
