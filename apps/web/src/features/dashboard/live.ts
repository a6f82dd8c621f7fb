import { liveEvent, routes } from '@portal/contract';
import type { QueryClient } from '@tanstack/react-query';
import { keyOf } from '../../lib/api';
import { changesCounts, type LiveHandler, onLive, readsMeters } from '../../lib/hub/live';

/** Dashboard usage follows readings at most this often (a large fleet reads every second). */
const USAGE_REFRESH_MS = 10_000;

/**
 * The dashboard's live events: its counts and alerts follow locations, stays and missing meters;
 * its usage figures follow readings, at most every 10 s. Each hub connection makes its own.
 */
export function dashboardLive(): LiveHandler {
  let usageRefreshedAt = 0;
  let usageTimer: ReturnType<typeof setTimeout> | null = null;
  const refreshUsage = (queryClient: QueryClient) => {
    if (usageTimer) return;
    const wait = Math.max(0, usageRefreshedAt + USAGE_REFRESH_MS - Date.now());
    usageTimer = setTimeout(() => {
      usageTimer = null;
      usageRefreshedAt = Date.now();
      void queryClient.invalidateQueries({ queryKey: keyOf(routes.dashboard.realtime) });
      void queryClient.invalidateQueries({ queryKey: keyOf(routes.dashboard.usageByProperty) });
    }, wait);
  };
  return onLive([liveEvent.meterValues, liveEvent.locationChanged, liveEvent.siteChanged], (queryClient, events) => {
    if (events.some(changesCounts)) {
      void queryClient.invalidateQueries({ queryKey: keyOf(routes.dashboard.stats) });
      void queryClient.invalidateQueries({ queryKey: keyOf(routes.dashboard.alerts) });
    }
    if (events.some(readsMeters)) refreshUsage(queryClient);
  });
}
