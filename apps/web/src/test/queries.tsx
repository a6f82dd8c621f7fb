import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';

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
