import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { LocationRow, ReadRouteStop } from '@portal/contract';
import { demo, launchForFile } from '../support/browser';
import { api, apiToken, locationsOf, visibleSites } from '../support/locations';

const browser = launchForFile();

const run = Date.now().toString(36).slice(-4).toUpperCase();

/** Ten new pedestals of a property the manager keeps, each with a meter read by hand. */
async function handReadPedestals(siteID: number): Promise<LocationRow[]> {
  const admin = await apiToken(demo.admin);
  const names = Array.from({ length: 10 }, (_, i) => `Route ${run} ${String(i + 1).padStart(2, '0')}`);
  await api(
    admin,
    'POST',
    'BulkCreateLocationWithSetting',
    names.map((locationDescription) => ({ locationDescription, fk_SiteID: siteID })),
  );
  const rows = (await locationsOf(admin, siteID)).filter((r) => names.includes(r.locationDescription));
  for (const [i, row] of rows.entries()) {
    const id = await api<number>(admin, 'POST', 'ServicePoint/CreateMeter', {
      servicePointName: `R${run}${String(i).padStart(2, '0')}`,
      readByHand: true,
      fk_DeviceTypeId: 1,
    });
    await api(admin, 'POST', 'AddMeterToLocation', { servicePointID: id, fk_LocationID: row.locationID });
  }
  return rows;
}

const card = (page: Page, description: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: new RegExp(`^${description} ·`) }) });

async function read(page: Page, description: string, value: string) {
  const stop = card(page, description);
  await stop.getByLabel('Reading (kWh)').fill(value);
  await stop.getByRole('button', { name: 'Save' }).click();
}

describe('Read route', () => {
  it('[SITE MANAGER] on a 390 × 844 phone reads ten meters, five offline with a reload, and all ten are stored once', async () => {
    const manager = await apiToken(demo.manager);
    const [site] = await visibleSites(manager);
    const rows = await handReadPedestals(site!.siteID);
    const page = await browser.signedIn(demo.manager, { width: 390, height: 844, offline: true });
    const sent: string[] = [];
    page.context().on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/api/AddManualMeterReading'))
        sent.push(r.headers()['idempotency-key'] ?? '');
    });
    await page.goto(`/ReadingRoute/${site!.siteID}`);
    await page.getByRole('heading', { name: `Read route · ${site!.sitePublicName}`, level: 1 }).waitFor();
    // the service worker holds the app before the walk leaves the network
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));

    for (const [i, row] of rows.slice(0, 5).entries()) {
      await read(page, row.locationDescription, String(100 + i));
      await card(page, row.locationDescription).getByText('Read today').waitFor();
    }
    // with the page's session and properties in the worker's copy, as when the person opens the route before the walk
    await page.reload();
    await card(page, rows[0]!.locationDescription).getByText('Read today').waitFor();

    await page.context().setOffline(true);
    for (const [i, row] of rows.slice(5).entries()) {
      await read(page, row.locationDescription, String(200 + i));
      await card(page, row.locationDescription)
        .getByText(`${200 + i} kWh: not sent yet`)
        .waitFor();
    }
    await page.getByText('Offline: readings are kept on this phone and sent when the network returns.').waitFor();
    await page.reload();
    await card(page, rows[9]!.locationDescription).getByText('204 kWh: not sent yet').waitFor();

    await page.context().setOffline(false);
    for (const row of rows.slice(5)) await card(page, row.locationDescription).getByText('Read today').waitFor();

    const route = await api<ReadRouteStop[]>(manager, 'GET', `Meters/ReadRoute?siteID=${site!.siteID}`);
    const ours = route.filter((s) => rows.some((r) => r.locationID === s.locationID));
    expect(ours.map((s) => s.lastReading).sort()).toEqual(
      ['100', '101', '102', '103', '104', '200', '201', '202', '203', '204'].sort(),
    );
    // each reading sent under one key: a retry after a lost answer is the same reading
    expect(new Set(sent).size).toBe(10);
    await page.context().close();
  });
});
