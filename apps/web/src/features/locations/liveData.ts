import type { QueryClient } from '@tanstack/react-query';
import { api, type LiveMessage, type LocationRow, parseLiveMessage, routes } from '@portal/contract';
import { z } from 'zod';
import { featureKey, inputNames, keyOf } from '../../lib/api';
import { queryOf, request } from '../../lib/client';
import { ApiError } from '../../lib/apiError';
import { planLive } from '../../lib/hub/messages';
import { applyMeterValues } from './livePatch';

/** The table is large (up to thousands of rows): its answer is checked at the top only, rows by type. */
const tableAnswer = z.array(z.custom<LocationRow>((v) => typeof v === 'object' && v !== null && 'locationID' in v));

/**
 * A property's locations table: its query, and the cache the live hub's events patch and the
 * changes made here refresh row by row (below). Every key in this file is the route table's.
 * Kept small: the live hub imports it with its first event.
 */
export const tableQuery = (siteId: number) =>
  queryOf({ ...api.locations.table, result: tableAnswer }, { query: { siteID: siteId } });

const tableKey = (siteId: number) => tableQuery(siteId).queryKey;

/** The properties' queries, their lists among them (My Properties, Admin Panel): the counts follow the locations. */
const PROPERTIES = featureKey(routes.sites);

/** The Transactions screen's queries: current visits follow check-ins and check-outs. */
const TRANSACTIONS = featureKey(routes.transactions);

async function fetchRow(locationId: number, signal?: AbortSignal): Promise<LocationRow> {
  return (await request(api.locations.row, { query: { locationID: locationId }, signal })).result;
}

/** Replaces rows by id; a row now in another property leaves the table. */
function mergeRows(rows: readonly LocationRow[], siteId: number, fresh: readonly LocationRow[]): LocationRow[] {
  const byId = new Map(fresh.map((r) => [r.locationID, r]));
  const out: LocationRow[] = [];
  for (const row of rows) {
    const next = byId.get(row.locationID);
    if (!next) out.push(row);
    else if (next.fk_SiteID === siteId) out.push(next);
  }
  return out;
}

/**
 * Properties with a change made in this tab on its way to the server. Their rows are read
 * when the change answers (`afterLocationChange`), not also by the live hub meanwhile: a
 * check-in's own event would otherwise read the row a second time. Rows the hub asked for
 * meanwhile and the change did not read are read when the last change of the property ends.
 */
const held = new Map<number, { changes: number; rows: Set<number> }>();

/** A change of the property starts here (a mutation). */
export function holdRows(siteId: number): void {
  const h = held.get(siteId) ?? { changes: 0, rows: new Set<number>() };
  h.changes++;
  held.set(siteId, h);
}

/** The change ended (answered or failed): reads what the hub asked for meanwhile, once no change of the property is out. */
export async function releaseRows(queryClient: QueryClient, siteId: number): Promise<void> {
  const h = held.get(siteId);
  if (!h || --h.changes > 0) return;
  held.delete(siteId);
  if (h.rows.size) await refreshOrReload(queryClient, siteId, [...h.rows]);
}

/**
 * Refreshes some rows of a property's table: one small request per row instead of the
 * whole table. A row that cannot be read any more (erased, moved out of scope) reloads the table.
 */
async function refreshRows(queryClient: QueryClient, siteId: number, locationIds: readonly number[]): Promise<void> {
  const key = tableKey(siteId);
  for (const id of locationIds) held.get(siteId)?.rows.delete(id);
  if (!queryClient.getQueryData(key)) return;
  try {
    const fresh = await Promise.all(locationIds.map((id) => fetchRow(id)));
    queryClient.setQueryData<LocationRow[]>(key, (rows) => (rows ? mergeRows(rows, siteId, fresh) : rows));
  } catch (error) {
    if (error instanceof ApiError && error.isClientError) await queryClient.invalidateQueries({ queryKey: key });
    else throw error;
  }
}

/** `refreshRows`, the table reloading instead when that fails. */
function refreshOrReload(queryClient: QueryClient, siteId: number, locationIds: readonly number[]): Promise<void> {
  return refreshRows(queryClient, siteId, locationIds).catch((error: unknown) => {
    console.warn('hub: row refresh failed, reloading the table', error);
    return queryClient.invalidateQueries({ queryKey: tableKey(siteId) });
  });
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
    .getQueriesData<LocationRow[]>({ queryKey: keyOf(routes.locations.table) })
    .flatMap(([, rows]) => rows ?? [])
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
 * After a change made here: the row (or the table), what is read about the location, the
 * property lists' counts and the Transactions screen.
 */
export async function afterLocationChange(
  queryClient: QueryClient,
  siteId: number,
  locationIds: readonly number[] | 'all',
): Promise<void> {
  void queryClient.invalidateQueries({ queryKey: PROPERTIES });
  void queryClient.invalidateQueries({ queryKey: TRANSACTIONS });
  if (locationIds === 'all') {
    held.get(siteId)?.rows.clear();
    await queryClient.invalidateQueries({ queryKey: tableKey(siteId) });
    return;
  }
  invalidateLocations(queryClient, locationIds);
  // The change is saved: a failed refresh must not turn it into a failure, the table reloads instead.
  await refreshOrReload(queryClient, siteId, locationIds);
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
  for (const siteId of plan.tables) {
    held.get(siteId)?.rows.clear();
    void queryClient.invalidateQueries({ queryKey: tableKey(siteId) });
  }
  for (const { siteId, meters } of plan.patches) {
    queryClient.setQueryData<LocationRow[]>(tableKey(siteId), (rows) => (rows ? applyMeterValues(rows, meters) : rows));
  }
  invalidateLocations(queryClient, plan.locations);
  for (const { siteId, locationIds } of plan.rows) {
    const h = held.get(siteId);
    if (h) for (const id of locationIds) h.rows.add(id);
    else void refreshOrReload(queryClient, siteId, locationIds);
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
