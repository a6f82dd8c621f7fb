import { liveEvent, type LiveEventName, type LiveMessage, type LiveMessageOf, type SiteEvent } from '@portal/contract';
import type { QueryClient } from '@tanstack/react-query';

/**
 * What a feature does with a burst of the live hub's events (checked against the contract):
 * it changes its own cached queries. Each feature declares its handler with `onLive`; app/hub
 * gives every handler each burst.
 */
export type LiveHandler = (queryClient: QueryClient, events: readonly LiveMessage[]) => void;

/** A handler of the named events: it is given those of a burst, in order, when the burst has any. */
export function onLive<N extends LiveEventName>(
  names: readonly N[],
  apply: (queryClient: QueryClient, events: LiveMessageOf<N>[]) => void,
): LiveHandler {
  const named: ReadonlySet<LiveEventName> = new Set(names);
  const handles = (event: LiveMessage): event is LiveMessageOf<N> => named.has(event.type);
  return (queryClient, events) => {
    const handled = events.filter(handles);
    if (handled.length) apply(queryClient, handled);
  };
}

/**
 * Location counts (a property's, the portfolio's) change with locations and stays, and when a
 * meter goes missing or comes back.
 */
export const changesCounts = (event: SiteEvent): boolean =>
  event.type !== liveEvent.meterValues || event.meters.some((m) => m.isMissingDevice !== undefined);

/** Meters read: usage figures change. */
export const readsMeters = (event: SiteEvent): boolean =>
  event.type === liveEvent.meterValues && event.meters.some((m) => m.kwhTotal !== undefined || m.usage !== undefined);
