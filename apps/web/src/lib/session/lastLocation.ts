import { isObject, isString } from '../json';
import { sessionTimeouts } from './timeouts';
import { readStored, removeStored, storageKeys, writeStored } from '../storage';

/** The last visited page, restored after the next sign-in while it is fresh enough. */
type StoredLocation = { path: string; savedAt: number };

const isStoredLocation = (value: unknown): value is StoredLocation =>
  isObject(value) && isString(value.path) && value.path.startsWith('/') && typeof value.savedAt === 'number';

/** Root, sign-in pages and logout are never remembered. */
export function isRestorablePath(pathname: string): boolean {
  return pathname.startsWith('/') && pathname !== '/' && !/^\/(auth|logout)(\/|$)/i.test(pathname);
}

export function rememberLocation(pathname: string, search = ''): void {
  if (isRestorablePath(pathname))
    writeStored(storageKeys.lastLocation, { path: pathname + search, savedAt: Date.now() });
}

export function lastLocation(now = Date.now()): string | null {
  const entry = readStored(storageKeys.lastLocation, isStoredLocation);
  if (!entry || now - entry.savedAt > sessionTimeouts().lastLocationTtlMs) return null;
  return entry.path;
}

export function forgetLocation(): void {
  removeStored(storageKeys.lastLocation);
}
