import { type LoginResult, type RoleId, Role, isRoleId } from '@portal/contract';
import { isInteger, isObject, isString } from '../json';
import { queryClient } from '../queryClient';
import { forgetOfflineCopy } from '../offline';
import { forgetLocation } from './lastLocation';
import { readStored, removeStored, storageKeys, writeStored } from '../storage';

/**
 * The signed-in user's login: the whole result of sign-in or token refresh, kept under one
 * localStorage key and shared by every tab (a sign-out in one tab signs all out).
 */
type Listener = () => void;

/** The contract's `loginResult`, checked by hand: the stored login is read at start-up, before zod is loaded. */
export function isLoginResult(value: unknown): value is LoginResult {
  if (!isObject(value) || !isString(value.token) || !isString(value.expiresAt)) return false;
  const user = value.userAccountBasicInfo;
  return isObject(user) && isInteger(user.userAccountID) && isInteger(user.roleID);
}

let current: LoginResult | null | undefined;
const listeners = new Set<Listener>();

export function getLogin(): LoginResult | null {
  if (current === undefined) current = readStored(storageKeys.login, isLoginResult);
  return current;
}

export function subscribeLogin(listener: Listener): () => void {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

function onStorage(event: StorageEvent) {
  if (event.key === storageKeys.login || event.key === null) publish(readStored(storageKeys.login, isLoginResult));
}

function publish(next: LoginResult | null) {
  const previousUser = current?.userAccountBasicInfo.userAccountID;
  current = next;
  if (previousUser !== next?.userAccountBasicInfo.userAccountID) queryClient.clear();
  for (const listener of listeners) listener();
}

/** Stores a fresh sign-in, refresh or password-change result. */
export function storeLogin(result: LoginResult): void {
  writeStored(storageKeys.login, result);
  publish(result);
}

/** Signs out: forgets the stored login and the last location, and empties the cache. */
export function endSession(): void {
  removeStored(storageKeys.login);
  forgetLocation();
  forgetOfflineCopy();
  publish(null);
}

export function isExpired(login: LoginResult, now = Date.now()): boolean {
  const expiresAt = Date.parse(login.expiresAt);
  return !(expiresAt > now);
}

export function roleOf(login: LoginResult): RoleId {
  const roleId = login.userAccountBasicInfo.roleID;
  return isRoleId(roleId) ? roleId : Role.None;
}
