import { INACTIVITY_TIMEOUT_MS, LAST_LOCATION_TTL_MINUTES, TOKEN_REFRESH_MIN_INTERVAL_MS } from '@portal/contract';
import { isInteger, isObject } from '../json';
import { readStored, storageKeys } from '../storage';

/**
 * The session's timings. Browser tests shorten them without waiting an hour by writing
 * the localStorage key `portal.testTimeouts` before the page loads, e.g.
 * `localStorage.setItem('portal.testTimeouts', JSON.stringify({ inactivityMs: 2000 }))`.
 * Keys: inactivityMs, refreshIntervalMs, lastLocationTtlMs (all optional, in milliseconds).
 */
export type SessionTimeouts = { inactivityMs: number; refreshIntervalMs: number; lastLocationTtlMs: number };

const isDuration = (value: unknown) => value === undefined || (isInteger(value) && value > 0);

function isOverrides(value: unknown): value is Partial<SessionTimeouts> {
  return (
    isObject(value) &&
    isDuration(value.inactivityMs) &&
    isDuration(value.refreshIntervalMs) &&
    isDuration(value.lastLocationTtlMs)
  );
}

export function sessionTimeouts(): SessionTimeouts {
  const test = readStored(storageKeys.testTimeouts, isOverrides) ?? {};
  return {
    inactivityMs: test.inactivityMs ?? INACTIVITY_TIMEOUT_MS,
    refreshIntervalMs: test.refreshIntervalMs ?? TOKEN_REFRESH_MIN_INTERVAL_MS,
    lastLocationTtlMs: test.lastLocationTtlMs ?? LAST_LOCATION_TTL_MINUTES * 60_000,
  };
}
