import { describe, expect, it } from 'vitest';
import type { LocationRow } from '@portal/contract';
import { demo, launchForFile } from '../support/browser';
import { api, apiToken, largestProperty } from '../support/locations';

const browser = launchForFile();

const MINUTE_MS = 60_000;

/** Meters of the rows with relays, all of them off. */
const switchedOff = (rows: LocationRow[]) =>
  rows.flatMap((r) =>
    r.servicePoints.filter(
      (sp) => sp.servicePointCapabilities.length > 0 && sp.servicePointCapabilities.every((c) => c.status === 0),
    ),
  );

const setRelays = (token: string, meterIds: number[], requestedState: 0 | 1) =>
  meterIds.length
    ? api(
        token,
        'PUT',
        'BulkSendDeviceControlMessage',
        meterIds.map((servicePointId) => ({ servicePointId, requestedState })),
      )
    : Promise.resolve();

describe('live updates of the locations table', () => {
  it(
    '[ADMINISTRATOR] watches the largest property for a minute while its meters report: rows are patched, the table is not reloaded',
    async () => {
      const token = await apiToken(demo.admin);
      const { site, rows } = await largestProperty(token);
      const meters = rows.flatMap((r) => r.servicePoints);
      expect(meters.length).toBeGreaterThanOrEqual(200);
      // every meter of the property on, so that each reports every 30 s; switched back off at the end
      const turnedOn = switchedOff(rows).map((sp) => sp.servicePointID);
      await setRelays(token, turnedOn, 1);
      try {
        const page = await browser.signedIn(demo.admin);

        const requests = { table: 0, row: 0 };
        const reported = new Set<number>();
        let meterEvents = 0;
        page.on('request', (req) => {
          const url = req.url().toLowerCase();
          if (url.includes('/api/getalllocationswithmetersbysiteid') || url.includes('/api/locations/getlocationspage'))
            requests.table++;
          if (url.includes('/api/getsitewithlocationstatssignalrcall')) requests.row++;
        });
        page.on('websocket', (ws) =>
          ws.on('framereceived', ({ payload }) => {
            const m = JSON.parse(String(payload)) as { type: string; meters?: Array<{ servicePointID: number }> };
            if (m.type !== 'meterValues') return;
            meterEvents++;
            for (const v of m.meters ?? []) reported.add(v.servicePointID);
          }),
        );

        await page.goto(`/Locations/${site.siteID}`);
        await page.locator('tbody tr').first().waitFor();
        // the page's own load (and the hub's catch-up on connecting) done: count from here
        await page.waitForTimeout(2_000);
        const start = { ...requests };
        reported.clear();
        meterEvents = 0;

        await page.waitForTimeout(MINUTE_MS);

        const figures = {
          property: site.sitePublicName,
          meters: meters.length,
          meterEvents,
          metersReported: reported.size,
          tableReloads: requests.table - start.table,
          rowRequests: requests.row - start.row,
        };
        console.log(`live updates over 60 s: ${JSON.stringify(figures)}`);
        expect(figures.metersReported).toBeGreaterThanOrEqual(150);
        expect(figures.tableReloads).toBe(0);
      } finally {
        await setRelays(token, turnedOn, 0);
      }
    },
    3 * MINUTE_MS,
  );
});
