import { liveEvent, type LiveMessage, parseLiveMessage } from '@portal/contract';
import type { QueryClient } from '@tanstack/react-query';
import type { LiveHandler } from '../../lib/hub/live';
import { dashboardLive } from '../../features/dashboard';
import { locationsLive } from '../../features/locations';
import { sitesLive } from '../../features/sites';
import { transactionsLive } from '../../features/transactions';

/**
 * The features that follow the live hub, each with its own handler of the events it names.
 * Loaded with the first event (useHub): the events are checked with the contract's schemas (zod).
 */
export function liveHandlers(): LiveHandler[] {
  return [locationsLive, sitesLive, dashboardLive(), transactionsLive];
}

/**
 * Applies a burst of the live hub's frames: each is checked against the contract's schema
 * first, and an unknown or malformed one is passed over. `resync` (the server may have missed
 * events) refetches whatever is shown; otherwise every feature's handler gets the burst.
 */
export function applyLiveEvents(
  queryClient: QueryClient,
  frames: readonly unknown[],
  handlers: readonly LiveHandler[],
): void {
  const events = frames.map(parseLiveMessage).filter((e): e is LiveMessage => e !== null);
  if (events.some((e) => e.type === liveEvent.resync)) {
    void queryClient.invalidateQueries();
    return;
  }
  for (const handle of handlers) handle(queryClient, events);
}
