import { api } from '@portal/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryOf } from '../lib/client';
import { locationRow, locationsPageOf, meterRow } from './fixtures';

type Keyed = { queryKey: readonly unknown[] };

/**
 * A query cache holding the named queries (each as `queryOf` keys it), for tests of what a
 * change reloads: `invalidated()` names, in order, those the change marked stale; `wrapper`
 * gives the cache to hooks rendered with `renderHook`.
 */
export function cacheOf(queries: Record<string, Keyed>) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  for (const { queryKey } of Object.values(queries)) queryClient.setQueryData(queryKey, 'cached');
  const invalidated = () =>
    Object.entries(queries)
      .filter(([, { queryKey }]) => queryClient.getQueryState(queryKey)?.isInvalidated)
      .map(([name]) => name)
      .sort();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return { queryClient, invalidated, wrapper };
}

const firstPage = { search: '', sort: 'description', dir: 'asc', pageIndex: 0, pageSize: '25' } as const;

/**
 * The queries of the screens around location 1 (meter 11) and location 2 (meter 21) of
 * property 1, cached as they key them; property 1's first page holds both locations.
 */
export function cachedAroundLocation1() {
  const page = queryOf(api.locations.page, { query: { siteID: 1, ...firstPage } });
  const cache = cacheOf({
    'page 1 of property 1': page,
    'page 1 of property 2': queryOf(api.locations.page, { query: { siteID: 2, ...firstPage } }),
    'history 1': queryOf(api.locations.history, { query: { locationID: 1 } }),
    'history 2': queryOf(api.locations.history, { query: { locationID: 2 } }),
    'stay 1': queryOf(api.stays.current, { query: { locationID: 1 } }),
    'stay 2': queryOf(api.stays.current, { query: { locationID: 2 } }),
    'command 11': queryOf(api.devices.command, { query: { servicePointId: 11, messageId: 0 } }),
    'command 21': queryOf(api.devices.command, { query: { servicePointId: 21, messageId: 0 } }),
    'stock 1': queryOf(api.meters.stockOptions, { query: { locationId: 1 } }),
    'my properties': queryOf(api.sites.visible),
    'properties of business 4': queryOf(api.sites.ofBusiness, { query: { busEntityID: 4 } }),
    'current visits': queryOf(api.transactions.current),
    'visit history': queryOf(api.transactions.completed, { query: { CurrentDateRangeFilter: 1 } }),
    'dashboard counts': queryOf(api.dashboard.stats),
    'dashboard alerts': queryOf(api.dashboard.alerts),
    'dashboard figures': queryOf(api.dashboard.realtime),
    'dashboard usage': queryOf(api.dashboard.usageByProperty, { query: { days: 30 } }),
    'reports of property 1': queryOf(api.reports.types, { query: { siteID: 1 } }),
  });
  const rows = [locationRow(1, { servicePoints: [meterRow(11)] }), locationRow(2, { servicePoints: [meterRow(21)] })];
  cache.queryClient.setQueryData(page.queryKey, locationsPageOf(rows));
  return cache;
}
