import type { QueryClient } from '@tanstack/react-query';
import {
  api,
  type LiveMessage,
  type LocationRow,
  type LocationsPage,
  type LocationsPageQuery,
  locationsPage,
  parseLiveMessage,
  routes,
} from '@portal/contract';
import { z } from 'zod';
import { featureKey, inputNames, keyOf } from '../../lib/api';
import { queryOf } from '../../lib/client';
import { planLive } from '../../lib/hub/messages';
import { applyMeterValues } from './livePatch';

/** A page may hold every row of a large property ('All'): its rows are checked at the top only, by type. */
const pageAnswer = locationsPage.extend({
  rows: z.array(z.custom<LocationRow>((v) => typeof v === 'object' && v !== null && 'locationID' in v)),
});

/** What the table asks the server for: the page call's query (packages/contract), the property aside. */
export type PageInput = Omit<LocationsPageQuery, 'siteID'>;

/**
 * A page of a property's locations table: its query, and the cache the live hub's events patch
 * and the changes made here refresh (below). Every key in this file is the route table's.
 * Kept small: the live hub imports it with its first event.
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

/** The properties' queries, their lists among them (My Properties, Admin Panel): the counts follow the locations. */
const PROPERTIES = featureKey(routes.sites);

/** The Transactions screen's queries: current visits follow check-ins and check-outs. */
const TRANSACTIONS = featureKey(routes.transactions);

/**
 * Properties with a change made in this tab on its way to the server. Their pages are read
 * again when the change answers (`afterLocationChange`), not also by the live hub meanwhile:
 * a check-in's own event would otherwise read the page a second time. When another location
 * changed after that reading began, the page is read once more when the last change of the
 * property ends.
 */
const held = new Map<number, { changes: number; missed: boolean }>();

/** A change of the property starts here (a mutation). */
export function holdRows(siteId: number): void {
  const h = held.get(siteId) ?? { changes: 0, missed: false };
  h.changes++;
  held.set(siteId, h);
}

/** The change ended (answered or failed): reads the pages again if the hub told of a change meanwhile. */
export async function releaseRows(queryClient: QueryClient, siteId: number): Promise<void> {
  const h = held.get(siteId);
  if (!h || --h.changes > 0) return;
  held.delete(siteId);
  if (h.missed) await reloadPages(queryClient, siteId);
}

/**
 * Reads the property's pages again (the one on screen at once, the others when next shown):
 * a changed location may have left the search or the status, moved in the order, or changed
 * the counts. One small request, whatever changed.
 */
function reloadPages(queryClient: QueryClient, siteId: number): Promise<void> {
  const h = held.get(siteId);
  if (h) h.missed = false;
  return queryClient.invalidateQueries(pagesOf(siteId));
}

/**
 * Everything read about these locations besides their rows: every query whose input names one
 * of them (history, open stay), and the latest commands of their meters as the cached tables show them.
 */
function invalidateLocations(queryClient: QueryClient, locationIds: readonly number[]): void {
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
function invalidateCommands(queryClient: QueryClient, servicePointIds: readonly number[]): void {
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
  void queryClient.invalidateQueries({ queryKey: PROPERTIES });
  void queryClient.invalidateQueries({ queryKey: TRANSACTIONS });
  if (locationIds !== 'all') invalidateLocations(queryClient, locationIds);
  // The change is saved: a failed reading of the page must not turn it into a failure.
  await reloadPages(queryClient, siteId).catch((error: unknown) =>
    console.warn('locations: page reload failed', error),
  );
}

/** Dashboard usage follows readings at most this often (a large fleet reads every second). */
const USAGE_REFRESH_MS = 10_000;
let usageRefreshedAt = 0;
let usageTimer: ReturnType<typeof setTimeout> | null = null;

function refreshUsage(queryClient: QueryClient) {
  if (usageTimer) return;
  const wait = Math.max(0, usageRefreshedAt + USAGE_REFRESH_MS - Date.now());
  usageTimer = setTimeout(() => {
    usageTimer = null;
    usageRefreshedAt = Date.now();
    void queryClient.invalidateQueries({ queryKey: keyOf(routes.dashboard.realtime) });
    void queryClient.invalidateQueries({ queryKey: keyOf(routes.dashboard.usageByProperty) });
  }, wait);
}

/**
 * Applies a burst of the live hub's events to the cached queries (the plan: `planLive`).
 * Each event is checked against the contract's schema first; an unknown or malformed one is
 * passed over. Meter values are written into the cached tables (`setQueryData`): no request.
 */
export function applyLiveEvents(queryClient: QueryClient, frames: readonly unknown[]): void {
  const events = frames.map(parseLiveMessage).filter((e): e is LiveMessage => e !== null);
  const plan = planLive(events);
  if (plan.resync) {
    void queryClient.invalidateQueries();
    return;
  }
  for (const { siteId, meters } of plan.patches)
    patchRows(queryClient, siteId, (rows) => applyMeterValues(rows, meters));
  invalidateLocations(queryClient, plan.locations);
  // a property's locations changed: its pages are read again, or when this tab's own change ends
  for (const siteId of new Set([...plan.tables, ...plan.rows.map((r) => r.siteId)])) {
    const h = held.get(siteId);
    if (h) h.missed = true;
    else void reloadPages(queryClient, siteId);
  }
  if (plan.stays.length) {
    void queryClient.invalidateQueries({
      queryKey: keyOf(routes.stays.current),
      predicate: inputNames('locationID', plan.stays),
    });
  }
  invalidateCommands(
    queryClient,
    plan.commands.map((c) => c.servicePointId),
  );
  if (plan.counts) {
    void queryClient.invalidateQueries({ queryKey: PROPERTIES });
    void queryClient.invalidateQueries({ queryKey: keyOf(routes.dashboard.stats) });
    void queryClient.invalidateQueries({ queryKey: keyOf(routes.dashboard.alerts) });
  }
  if (plan.rows.length || plan.tables.length) void queryClient.invalidateQueries({ queryKey: TRANSACTIONS });
  if (plan.usage) refreshUsage(queryClient);
}
