import type { QueryClient } from '@tanstack/react-query';
import { type LocationRow, locationRow } from '@portal/contract';
import { z } from 'zod';
import { api } from '../../lib/api';
import { ApiError } from '../../lib/apiError';

/**
 * Query keys of the locations area and the row refresh the live hub and the dialogs use.
 * Kept small: the live hub imports it with its first event.
 */
export const locationKeys = {
  all: ['locations'] as const,
  table: (siteId: number) => ['locations', 'table', siteId] as const,
  /** Everything read about one location besides its row: a change of the location reloads it all. */
  ofLocation: (locationId: number) => ['locations', 'of', locationId] as const,
  history: (locationId: number) => [...locationKeys.ofLocation(locationId), 'history'] as const,
  currentStay: (locationId: number) => [...locationKeys.ofLocation(locationId), 'currentStay'] as const,
  controlMessage: (locationId: number, servicePointId: number) =>
    [...locationKeys.ofLocation(locationId), 'controlMessage', servicePointId] as const,
  stock: (locationId: number) => ['locations', 'stock', locationId] as const,
  assignable: (siteId: number) => ['locations', 'assignable', siteId] as const,
  locationTypes: ['locations', 'locationTypes'] as const,
  businesses: ['locations', 'businesses'] as const,
  sitesOfBusiness: (busEntityId: number) => ['locations', 'sitesOfBusiness', busEntityId] as const,
  guests: (search: string) => ['locations', 'guests', search] as const,
  inventory: (search: string, page: number, pageSize: number) =>
    ['meters', 'inventory', search, page, pageSize] as const,
};

/** Lists of properties (My Properties, Admin Panel) start with this key: their counts follow the locations. */
export const SITE_LISTS_KEY = ['sites'] as const;

/** The table is large (up to thousands of rows): its answer is checked at the top only, rows by type. */
const tableAnswer = z.array(z.custom<LocationRow>((v) => typeof v === 'object' && v !== null && 'locationID' in v));

export async function fetchTable(siteId: number, signal?: AbortSignal): Promise<LocationRow[]> {
  return (await api.get('GetAllLocationsWithMetersBySiteID', tableAnswer, { query: { siteID: siteId }, signal }))
    .result;
}

export async function fetchRow(locationId: number, signal?: AbortSignal): Promise<LocationRow> {
  return (
    await api.get('GetSiteWithLocationStatsSignalRCall', locationRow, { query: { locationID: locationId }, signal })
  ).result;
}

/** Replaces rows by id; a row now in another property leaves the table. */
export function mergeRows(rows: readonly LocationRow[], siteId: number, fresh: readonly LocationRow[]): LocationRow[] {
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
 * Refreshes some rows of a property's table: one small request per row instead of the
 * whole table. A row that cannot be read any more (erased, moved out of scope) reloads the table.
 */
export async function refreshRows(
  queryClient: QueryClient,
  siteId: number,
  locationIds: readonly number[],
): Promise<void> {
  const key = locationKeys.table(siteId);
  if (!queryClient.getQueryData(key)) return;
  try {
    const fresh = await Promise.all(locationIds.map((id) => fetchRow(id)));
    queryClient.setQueryData<LocationRow[]>(key, (rows) => (rows ? mergeRows(rows, siteId, fresh) : rows));
  } catch (error) {
    if (error instanceof ApiError && error.isClientError) await queryClient.invalidateQueries({ queryKey: key });
    else throw error;
  }
}

/** After a change made here: the row (or the table), the property lists' counts, and the row's device data. */
export async function afterLocationChange(
  queryClient: QueryClient,
  siteId: number,
  locationIds: readonly number[] | 'all',
): Promise<void> {
  void queryClient.invalidateQueries({ queryKey: SITE_LISTS_KEY });
  if (locationIds === 'all') {
    await queryClient.invalidateQueries({ queryKey: locationKeys.table(siteId) });
    return;
  }
  for (const id of locationIds) void queryClient.invalidateQueries({ queryKey: locationKeys.ofLocation(id) });
  // The change is saved: a failed refresh must not turn it into a failure, the table reloads instead.
  await refreshRows(queryClient, siteId, locationIds).catch(() =>
    queryClient.invalidateQueries({ queryKey: locationKeys.table(siteId) }),
  );
}
