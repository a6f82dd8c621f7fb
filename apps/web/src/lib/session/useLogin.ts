import { useSyncExternalStore } from 'react';
import type { LoginResult } from '@portal/contract';
import { getLogin, subscribeLogin } from './session';

/** The stored login, re-rendering when it changes (sign-in, refresh, sign-out, other tabs). */
export function useLogin(): LoginResult | null {
  return useSyncExternalStore(subscribeLogin, getLogin);
}
