import { REFUSAL_REASONS, type LocationRow, type ServicePointRow } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { garblesReadings } from '../../apps/api/src/gateway/fleet';
import { demo, launchForFile } from '../support/browser';
import { LANGUAGES, text, useLanguage } from '../support/i18n';
import { api, apiToken, findLocation, locationsOf, openRow } from '../support/locations';

const browser = launchForFile();

/** A meter of the simulated fleet that reports (metered, switched on, not missing) and sends faulty readings. */
const garbling = (sp: ServicePointRow) =>
  sp.deviceKey !== null &&
  garblesReadings(sp.deviceKey) &&
  !sp.isMissingDevice &&
  [1, 2, 6].includes(sp.fk_DeviceTypeGroupId) &&
  sp.servicePointCapabilities.some((c) => c.status === 1);

describe('refused meter messages', () => {
  it('[ADMINISTRATOR] sees why and when a meter last had a message refused, in the locations table and the inventory; a Site Owner does not', async () => {
    const owner = await apiToken(demo.owner);
    const { site, row } = await findLocation(owner, (r) => !r.deleted && r.servicePoints.some(garbling));
    const meter = row.servicePoints.find(garbling)!;
    // The first reading such a meter sends after the server starts is refused; it reports every 30 s.
    const refusalOf = async (token: string) =>
      (await locationsOf(token, site.siteID))
        .find((r: LocationRow) => r.locationID === row.locationID)!
        .servicePoints.find((sp) => sp.servicePointID === meter.servicePointID)!.lastRefusal;
    const admin = await apiToken(demo.admin);
    await expect.poll(() => refusalOf(admin), { timeout: 45_000, interval: 1_000 }).not.toBeNull();
    // The fleet's faulty meters send each kind of fault in turn, so the last reason changes
    // while the test reads it in six languages: any reason, said as the catalogue says it.
    const said = (language: (typeof LANGUAGES)[number]) =>
      new RegExp(
        REFUSAL_REASONS.map((reason) =>
          text(language, 'devices.refused.last', {
            reason: text(language, `devices.refused.reasons.${reason}`),
            when: '',
          }).replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
        ).join('|'),
      );

    const page = await browser.signedIn(demo.admin);
    const tr = await openRow(page, site.siteID, row.locationDescription);
    await tr.getByText(said('en')).first().waitFor();
    for (const language of LANGUAGES) {
      await useLanguage(page, language);
      await page.reload();
      await page.getByRole('textbox', { name: text(language, 'locations.table.search') }).fill(row.locationDescription);
      await page.locator(`tr[data-location-id="${row.locationID}"]`).getByText(said(language)).first().waitFor();
    }
    await useLanguage(page, 'en');
    await page.goto('/AdminPanel/meters');
    await page.getByRole('textbox', { name: 'Search meter, key, property or location' }).fill(meter.servicePointName);
    const line = page.getByRole('row').filter({ hasText: meter.servicePointName });
    await line.getByText(said('en')).waitFor();
    const inventory = await api<{ rows: Array<{ servicePointName: string; lastRefusal: unknown }> }>(
      admin,
      'GET',
      `ServicePoint/GetMeterInventory?search=${meter.servicePointName}`,
    );
    expect(inventory.rows[0]?.lastRefusal).toEqual(await refusalOf(admin));

    const ownerPage = await browser.signedIn(demo.owner);
    const ownerRow = await openRow(ownerPage, site.siteID, row.locationDescription);
    await ownerRow.getByText(text('en', 'locations.table.good'), { exact: true }).first().waitFor();
    expect(await ownerRow.getByText(said('en')).count()).toBe(0);
  });
});
