import { useCallback, useSyncExternalStore } from 'react';
import { useLogin } from '../../lib/session/useLogin';
import {
  type AppearanceConfig,
  type StoredAppearance,
  defaultAppearance,
  readAppearance,
  subscribeAppearance,
} from './appearance';

export type UserAppearance = StoredAppearance & {
  /** The configuration in force: the saved one or the defaults. */
  effective: AppearanceConfig;
  userAccountID: number | null;
};

const signedOut: StoredAppearance = { activeTab: 'skins' };

/** The signed-in user's appearance, re-rendering when it is saved or reset. */
export function useAppearance(): UserAppearance {
  const userAccountID = useLogin()?.userAccountBasicInfo.userAccountID ?? null;
  const snapshot = useCallback(
    () => (userAccountID === null ? signedOut : readAppearance(userAccountID)),
    [userAccountID],
  );
  const stored = useSyncExternalStore(subscribeAppearance, snapshot);
  return { ...stored, effective: stored.config ?? defaultAppearance, userAccountID };
}
