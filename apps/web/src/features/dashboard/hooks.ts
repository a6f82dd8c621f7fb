import { useQuery } from '@tanstack/react-query';
import { dashboardStats, realtimeStats, siteUsageSeries, systemAlert } from '@portal/contract';
import { z } from 'zod';
import { api } from '../../app/api';
import { dashboardKeys } from './queryKeys';

/** Readings arrive all the time: the totals refresh each minute even without live events. */
const REFRESH_MS = 60_000;

export function useRealtimeStats() {
  return useQuery({
    queryKey: dashboardKeys.realtime,
    queryFn: async ({ signal }) => (await api.get('GetRealtimeStats', realtimeStats, { signal })).result,
    refetchInterval: REFRESH_MS,
  });
}

export function useSystemAlerts() {
  return useQuery({
    queryKey: dashboardKeys.alerts,
    queryFn: async ({ signal }) => (await api.get('GetSystemAlerts', z.array(systemAlert), { signal })).result,
    refetchInterval: REFRESH_MS,
  });
}

/** Counts of active, in-use and out-of-service locations and missing devices. */
export function useLocationCounts() {
  return useQuery({
    queryKey: dashboardKeys.counts,
    queryFn: async ({ signal }) => (await api.get('Report/DashboardStats', dashboardStats, { signal })).result,
    refetchInterval: REFRESH_MS,
  });
}

/** Daily electric and water usage of each property over the last 30 days. */
export function useUsageBySite() {
  return useQuery({
    queryKey: dashboardKeys.usage,
    queryFn: async ({ signal }) =>
      (await api.get('Dashboard/UsageBySite?days=30', z.array(siteUsageSeries), { signal })).result,
    refetchInterval: REFRESH_MS,
  });
}
