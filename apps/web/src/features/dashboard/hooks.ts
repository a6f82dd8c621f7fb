import { useQuery } from '@tanstack/react-query';
import { client } from '../../lib/client';
import { dashboardKeys } from './queryKeys';

/**
 * Readings arrive all the time: the panels refresh each minute even without live events.
 * A failed call shows its message at once instead of after the app's retries with backoff
 * (seconds of a spinner): the next refresh, or Try again, is the retry.
 */
const panel = { refetchInterval: 60_000, retry: false } as const;

export function useRealtimeStats() {
  return useQuery({
    queryKey: dashboardKeys.realtime,
    queryFn: async ({ signal }) => (await client.dashboard.realtime({ signal })).result,
    ...panel,
  });
}

export function useSystemAlerts() {
  return useQuery({
    queryKey: dashboardKeys.alerts,
    queryFn: async ({ signal }) => (await client.dashboard.alerts({ signal })).result,
    ...panel,
  });
}

/** Counts of active, in-use and out-of-service locations and missing devices. */
export function useLocationCounts() {
  return useQuery({
    queryKey: dashboardKeys.counts,
    queryFn: async ({ signal }) => (await client.dashboard.stats({ signal })).result,
    ...panel,
  });
}

/** Daily electric and water usage of each property over the last 30 days. */
export function useUsageBySite() {
  return useQuery({
    queryKey: dashboardKeys.usage,
    queryFn: async ({ signal }) => (await client.dashboard.usageByProperty({ query: { days: 30 }, signal })).result,
    ...panel,
  });
}
