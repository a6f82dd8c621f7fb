import type { QueryClient } from '@tanstack/react-query';
import {
  api,
  type LocationRow,
  type LocationsPage,
  type LocationsPageQuery,
  locationsPage,
  routes,
} from '@portal/contract';
import { z } from 'zod';
import { featureKey, inputNames, keyOf } from '../../lib/api';
import { queryOf } from '../../lib/client';

/** A page may hold every row of a large property ('All'): its rows are checked at the top only, by type. */
const pageAnswer = locationsPage.extend({
  rows: z.array(z.custom<LocationRow>((v) => typeof v === 'object' && v !== null && 'locationID' in v)),
});

/** What the table asks the server for: the page call's query (packages/contract), the property aside. */
export type PageInput = Omit<LocationsPageQuery, 'siteID'>;

/**
 * A page of a property's locations table: its query, and the cache that the changes made here
 * and the live hub's events (live.ts) refresh. Every key in this file is the route table's.
 */
export const pageQuery = (siteId: number, input: PageInput) =>
  queryOf({ ...api.locations.page, result: pageAnswer }, { query: { siteID: siteId, ...input } });

/** Every cached page of a property's table, whatever its search, order and size. */
const pagesOf = (siteId: number) => ({
  queryKey: keyOf(routes.locations.page),
  predicate: inputNames('siteID', [siteId]),
});

/** The rows of a property's cached pages. */
export function cachedRows(queryClient: QueryClient, siteId: number): LocationRow[] {
  return queryClient.getQueriesData<LocationsPage>(pagesOf(siteId)).flatMap(([, page]) => page?.rows ?? []);
}

/** Rewrites the rows of every cached page of a property; a page whose rows stay the same objects stays as it is. */
export function patchRows(
  queryClient: QueryClient,
  siteId: number,
  patch: (rows: LocationRow[]) => LocationRow[],
): void {
  queryClient.setQueriesData<LocationsPage>(pagesOf(siteId), (page) => {
    if (!page) return page;
    const rows = patch(page.rows);
    return rows === page.rows ? page : { ...page, rows };
  });
}

/** The key of every change of a property's locations made in this tab (its mutations'). */
export const changesOf = (siteId: number) => ['locations', 'changes', siteId] as const;

/**
 * Reads the property's pages again (the one on screen at once, the others when next shown):
 * a changed location may have left the search or the status, moved in the order, or changed
 * the counts. One small request, whatever changed.
 */
function reloadPages(queryClient: QueryClient, siteId: number): Promise<void> {
  return queryClient.invalidateQueries(pagesOf(siteId));
}

/**
 * A location of the property changed (a live event). While a change of the property made in
 * this tab is on its way, its pages are read again when it answers (`afterLocationChange`),
 * not also now: a check-in's own event would otherwise read the page a second time. They are
 * only marked stale, and read once more when the change ends if nothing read them since
 * (`changeEnded`). A reading that began before the event is begun again.
 */
export function locationsChanged(queryClient: QueryClient, siteId: number): void {
  const changing = queryClient.isMutating({ mutationKey: changesOf(siteId) }) > 0;
  const reading = queryClient.isFetching(pagesOf(siteId)) > 0;
  if (!changing || reading) void reloadPages(queryClient, siteId);
  else void queryClient.invalidateQueries({ ...pagesOf(siteId), refetchType: 'none' });
}

/**
 * A change of the property ended (answered or failed). The last of its changes on their way
 * (it still counts itself) reads the page on screen again if an event marked it stale meanwhile.
 */
export async function changeEnded(queryClient: QueryClient, siteId: number): Promise<void> {
  if (queryClient.isMutating({ mutationKey: changesOf(siteId) }) > 1) return;
  const pages = pagesOf(siteId);
  await queryClient.refetchQueries(
    { ...pages, type: 'active', predicate: (query) => query.state.isInvalidated && pages.predicate(query) },
    { cancelRefetch: false },
  );
}

/**
 * Everything read about these locations besides their rows: every query whose input names one
 * of them (history, open stay), and the latest commands of their meters as the cached tables show them.
 */
export function invalidateLocations(queryClient: QueryClient, locationIds: readonly number[]): void {
  if (!locationIds.length) return;
  void queryClient.invalidateQueries({ predicate: inputNames('locationID', locationIds) });
  const ids = new Set(locationIds);
  const meters = queryClient
    .getQueriesData<LocationsPage>({ queryKey: keyOf(routes.locations.page) })
    .flatMap(([, page]) => page?.rows ?? [])
    .filter((row) => ids.has(row.locationID))
    .flatMap((row) => row.servicePoints.map((sp) => sp.servicePointID));
  invalidateCommands(queryClient, meters);
}

/** The latest command of these meters (the device control panel's). */
export function invalidateCommands(queryClient: QueryClient, servicePointIds: readonly number[]): void {
  if (!servicePointIds.length) return;
  void queryClient.invalidateQueries({
    queryKey: keyOf(routes.devices.command),
    predicate: inputNames('servicePointId', servicePointIds),
  });
}

/**
 * After a change made here: the table's pages, what is read about the locations named (all:
 * too many to name), the property lists' counts and the Transactions screen.
 */
export async function afterLocationChange(
  queryClient: QueryClient,
  siteId: number,
  locationIds: readonly number[] | 'all',
): Promise<void> {
  void queryClient.invalidateQueries({ queryKey: featureKey(routes.sites) });
  void queryClient.invalidateQueries({ queryKey: featureKey(routes.transactions) });
  if (locationIds !== 'all') invalidateLocations(queryClient, locationIds);
  // The change is saved: a failed reading of the page must not turn it into a failure.
  await reloadPages(queryClient, siteId).catch((error: unknown) =>
    console.warn('locations: page reload failed', error),
  );
}
