/**
 * The browser's localStorage, read and written as JSON. A read or write failure (storage
 * disabled, quota full, a value that no longer parses) is logged and treated as null or
 * as a failed write, as the specification asks.
 */
export const storageKeys = {
  login: 'portal.login',
  lastLocation: 'portal.lastLocation',
  language: 'portal.language',
  appearance: (userAccountID: number) => `portal.appearance.${userAccountID}`,
  testTimeouts: 'portal.testTimeouts',
} as const;

/** Reads a stored value; `isValid` is a hand-written check, as the readers run at start-up (see json.ts). */
export function readStored<T>(key: string, isValid: (value: unknown) => value is T): T | null {
  let raw: string | null;
  try {
    raw = localStorage.getItem(key);
  } catch (err) {
    console.warn(`storage: cannot read ${key}`, err);
    return null;
  }
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (isValid(value)) return value;
    console.warn(`storage: ignoring malformed ${key}`);
  } catch (err) {
    console.warn(`storage: ignoring unreadable ${key}`, err);
  }
  return null;
}

export function writeStored(key: string, value: unknown): boolean {
  try {
    localStorage.setItem(key, JSON.stringify(value));
    return true;
  } catch (err) {
    console.warn(`storage: cannot write ${key}`, err);
    return false;
  }
}

export function removeStored(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch (err) {
    console.warn(`storage: cannot remove ${key}`, err);
  }
}
