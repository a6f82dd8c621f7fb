import { describe, expect, it } from 'vitest';
import { CHECKS_AFTER_MS, COOLDOWN_MS, OPEN_POLLS_AFTER_MS, isUnanswered, outcomeOf, secondsLeft } from './cooldown';

describe('device control timing', () => {
  it('cools down for 45 s and checks at 30, 15 and 0 s left', () => {
    expect(COOLDOWN_MS).toBe(45_000);
    expect(CHECKS_AFTER_MS).toEqual([15_000, 30_000, 45_000]);
  });

  it('polls an unanswered command every 15 s for at most 60 s after opening', () => {
    expect(OPEN_POLLS_AFTER_MS).toEqual([15_000, 30_000, 45_000, 60_000]);
  });

  it.each([
    [0, 45],
    [1, 45],
    [14_999, 31],
    [15_000, 30],
    [44_001, 1],
    [45_000, 0],
    [90_000, 0],
  ])('%i ms after sending, %i s are left', (elapsed, left) => {
    expect(secondsLeft(1_000, 1_000 + elapsed)).toBe(left);
  });
});

describe('outcome of a status check', () => {
  it.each([
    [{ resultCode: null, state: 'sent' }, false, { kind: 'waiting' }],
    [{ resultCode: null, state: 'sent' }, true, { kind: 'noResponse' }],
    [{ resultCode: null, state: 'timed_out' }, false, { kind: 'noResponse' }],
    [{ resultCode: 0, state: 'acked' }, false, { kind: 'success' }],
    [{ resultCode: 0, state: 'acked' }, true, { kind: 'success' }],
    [{ resultCode: 5, state: 'failed' }, false, { kind: 'error', code: 5 }],
    [{ resultCode: 7, state: 'failed' }, true, { kind: 'error', code: 7 }],
  ] as const)('%o (last check %s) is %o', (message, last, expected) => {
    expect(outcomeOf(message, last)).toEqual(expected);
  });

  it('polls only a command that is still out', () => {
    expect(isUnanswered(null)).toBe(false);
    expect(isUnanswered({ resultCode: null, state: 'sent' })).toBe(true);
    expect(isUnanswered({ resultCode: null, state: 'queued' })).toBe(true);
    expect(isUnanswered({ resultCode: null, state: 'timed_out' })).toBe(false);
    expect(isUnanswered({ resultCode: 0, state: 'acked' })).toBe(false);
  });
});
