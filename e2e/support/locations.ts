import type { LocationRow } from '@portal/contract';
import type { Page } from 'playwright-core';
import { behaviourOf } from '../../apps/api/src/gateway/fleet';
import { baseUrl } from './browser';

/**
 * Helpers of the locations and check-in flows: the API finds a location that fits the
 * flow (the demo data is shared by the flows and changes as they run), the browser does
 * the rest as a user would.
 */

type Account = { email: string; password: string };

export async function apiToken(account: Account): Promise<string> {
  const res = await fetch(`${baseUrl()}/api/Account/Authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Username: account.email, Password: account.password }),
  });
  const body = (await res.json()) as { result: { token: string } };
  return body.result.token;
}

export async function api<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseUrl()}/api/${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await res.json()) as { success: boolean; result: T; message: string };
  if (!answer.success) throw new Error(`${method} ${path}: ${res.status} ${answer.message}`);
  return answer.result;
}

export type Site = { siteID: number; sitePublicName: string; fk_BusEntityID: number };

export const visibleSites = (token: string) =>
  api<Site[]>(token, 'GET', 'site/GetSitesWithLocationStatesBasedOnUserRole');
export const locationsOf = (token: string, siteId: number) =>
  api<LocationRow[]>(token, 'GET', `GetAllLocationsWithMetersBySiteID?siteID=${siteId}`);

/** The caller's property with the most locations, with its locations. */
export async function largestProperty(token: string): Promise<{ site: Site; rows: LocationRow[] }> {
  const properties = await Promise.all(
    (await visibleSites(token)).map(async (site) => ({ site, rows: await locationsOf(token, site.siteID) })),
  );
  return properties.reduce((a, b) => (b.rows.length > a.rows.length ? b : a));
}

/** The first location of the caller's properties that fits, with its property. */
export async function findLocation(
  token: string,
  fits: (row: LocationRow) => boolean,
): Promise<{ site: Site; row: LocationRow }> {
  for (const site of await visibleSites(token)) {
    const row = (await locationsOf(token, site.siteID)).find(fits);
    if (row) return { site, row };
  }
  throw new Error('no location fits this flow in the demo data');
}

/** Meters of the simulated fleet that answer every command (not the failing or silent ones). */
export const answers = (row: LocationRow) => row.servicePoints.every((sp) => behaves(sp.deviceKey, 'answers'));
export const fails = (deviceKey: string | null) => behaves(deviceKey, 'fails');

/** Can a guest check in here: live, no cube or data collector, every meter available, nothing pending. */
export const checkInPossible = (row: LocationRow) =>
  !row.deleted &&
  !row.isCheckedInState &&
  row.servicePoints.length > 0 &&
  row.servicePoints.every(
    (sp) =>
      sp.activeInd === 1 &&
      sp.servicePointCapabilities.length > 0 &&
      sp.servicePointCapabilities.every((c) => c.apiCapabilityResponse === null),
  );

/** Opens a property's locations and narrows the table to one location with the search box. */
export async function openRow(page: Page, siteId: number, description: string) {
  await page.goto(`/Locations/${siteId}`);
  const search = page.getByRole('textbox', { name: 'Search locations' });
  await search.waitFor();
  // the row may show before the search does (on the first page): the search's own page, then a table at rest
  const searched = page.waitForResponse(
    (res) => res.url().includes('/GetLocationsPage') && new URL(res.url()).searchParams.get('search') === description,
  );
  await search.fill(description);
  await searched;
  await page.locator('[aria-busy="true"]').waitFor({ state: 'detached' });
  const row = page.locator('tr[data-location-id]').filter({ has: page.getByText(description, { exact: true }) });
  await row.first().waitFor();
  return row.first();
}

/** A meter of the simulated fleet that never answers a command. */
export const silent = (deviceKey: string | null) => behaves(deviceKey, 'silent');

/** Whether a simulated meter behaves so; a meter read by hand (no device key) takes no commands at all. */
function behaves(deviceKey: string | null, behaviour: ReturnType<typeof behaviourOf>): boolean {
  return deviceKey !== null && behaviourOf(deviceKey) === behaviour;
}
