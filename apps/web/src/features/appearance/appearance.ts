import { hasFlags, isObject } from '../../lib/json';
import { readStored, storageKeys, writeStored } from '../../lib/storage';

/** How the portal looks for one user, kept in this browser under that user's key. */
export const appearanceTabs = ['skins', 'header', 'subheader', 'content', 'aside', 'footer'] as const;
export type AppearanceTab = (typeof appearanceTabs)[number];

export type AppearanceConfig = {
  skin: 'light' | 'dark';
  header: { fixed: boolean };
  subheader: { display: boolean; fixed: boolean };
  content: { width: 'fluid' | 'fixed' };
  aside: { fixed: boolean };
  footer: { fixed: boolean };
};

export type StoredAppearance = {
  /** Absent until the user saves a configuration: the defaults apply and the skin stays as it is. */
  config?: AppearanceConfig;
  activeTab: AppearanceTab;
};

/** Read at start-up by the signed-in layout, so checked by hand (see app/json.ts). */
export function isAppearanceConfig(value: unknown): value is AppearanceConfig {
  return (
    isObject(value) &&
    (value.skin === 'light' || value.skin === 'dark') &&
    hasFlags(value.header, 'fixed') &&
    hasFlags(value.subheader, 'display', 'fixed') &&
    isObject(value.content) &&
    (value.content.width === 'fluid' || value.content.width === 'fixed') &&
    hasFlags(value.aside, 'fixed') &&
    hasFlags(value.footer, 'fixed')
  );
}

const isStoredAppearance = (value: unknown): value is Partial<StoredAppearance> =>
  isObject(value) &&
  (value.config === undefined || isAppearanceConfig(value.config)) &&
  (value.activeTab === undefined || appearanceTabs.some((tab) => tab === value.activeTab));

export const defaultAppearance: AppearanceConfig = {
  skin: 'light',
  header: { fixed: true },
  subheader: { display: true, fixed: false },
  content: { width: 'fluid' },
  aside: { fixed: true },
  footer: { fixed: false },
};

const empty: StoredAppearance = { activeTab: 'skins' };
const cache = new Map<number, StoredAppearance>();
const listeners = new Set<() => void>();

export function readAppearance(userAccountID: number): StoredAppearance {
  let entry = cache.get(userAccountID);
  if (!entry) {
    entry = { ...empty, ...readStored(storageKeys.appearance(userAccountID), isStoredAppearance) };
    cache.set(userAccountID, entry);
  }
  return entry;
}

export function subscribeAppearance(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function save(userAccountID: number, entry: StoredAppearance) {
  writeStored(storageKeys.appearance(userAccountID), entry);
  cache.set(userAccountID, entry);
  for (const listener of listeners) listener();
}

export function saveAppearance(userAccountID: number, config: AppearanceConfig): void {
  save(userAccountID, { ...readAppearance(userAccountID), config });
}

export function saveActiveTab(userAccountID: number, activeTab: AppearanceTab): void {
  save(userAccountID, { ...readAppearance(userAccountID), activeTab });
}

/** Back to the defaults (light skin included); the active tab stays. */
export function resetAppearance(userAccountID: number): void {
  saveAppearance(userAccountID, defaultAppearance);
}
