/** The service worker's copy of the answers the read route opens with offline (vite.config.ts); gone at sign-out. */
export const OFFLINE_CACHE = 'portal-offline';

/** Deletes that copy, where the browser keeps one. */
export function forgetOfflineCopy(): void {
  if (typeof caches !== 'undefined') void caches.delete(OFFLINE_CACHE);
}
