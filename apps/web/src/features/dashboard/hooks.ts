import { useQuery } from '@tanstack/react-query';
import { api } from '@portal/contract';
import { queryOf } from '../../lib/client';

/**
 * Readings arrive all the time: the panels refresh each minute even without live events.
 * A failed call shows its message at once instead of after the app's retries with backoff
 * (seconds of a spinner): the next refresh, or Try again, is the retry.
 */
const panel = { refetchInterval: 60_000, retry: false } as const;

export function useRealtimeStats() {
  return useQuery({ ...queryOf(api.dashboard.realtime), ...panel });
}

export function useSystemAlerts() {
  return useQuery({ ...queryOf(api.dashboard.alerts), ...panel });
}

/** Counts of active, in-use and out-of-service locations and missing devices. */
export function useLocationCounts() {
  return useQuery({ ...queryOf(api.dashboard.stats), ...panel });
}

/** Daily electric and water usage of each property over the last 30 days. */
export function useUsageBySite() {
  return useQuery({ ...queryOf(api.dashboard.usageByProperty, { query: { days: 30 } }), ...panel });
}
