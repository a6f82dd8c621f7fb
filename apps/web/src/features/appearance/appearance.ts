import { z } from 'zod';
import { readStored, storageKeys, writeStored } from '../../app/storage';

/** How the portal looks for one user, kept in this browser under that user's key. */
export const appearanceTabs = ['skins', 'header', 'subheader', 'content', 'aside', 'footer'] as const;
export type AppearanceTab = (typeof appearanceTabs)[number];

export const appearanceConfig = z.object({
  skin: z.enum(['light', 'dark']),
  header: z.object({ fixed: z.boolean() }),
  subheader: z.object({ display: z.boolean(), fixed: z.boolean() }),
  content: z.object({ width: z.enum(['fluid', 'fixed']) }),
  aside: z.object({ fixed: z.boolean() }),
  footer: z.object({ fixed: z.boolean() }),
});
export type AppearanceConfig = z.infer<typeof appearanceConfig>;

const storedAppearance = z.object({
  /** Absent until the user saves a configuration: the defaults apply and the skin stays as it is. */
  config: appearanceConfig.optional(),
  activeTab: z.enum(appearanceTabs).default('skins'),
});
export type StoredAppearance = z.infer<typeof storedAppearance>;

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
    entry = readStored(storageKeys.appearance(userAccountID), storedAppearance) ?? empty;
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
