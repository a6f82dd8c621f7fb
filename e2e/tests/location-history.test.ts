import { describe, expect, it } from 'vitest';
import type { LocationRow } from '@portal/contract';
import { demo, launchForFile } from '../support/browser';
import { LANGUAGES, text, useLanguage } from '../support/i18n';
import { api, apiToken, findLocation, openRow } from '../support/locations';

const browser = launchForFile();

/** Opens the Location History of the first location that fits, as the Administrator (who sees every property). */
async function openHistory(fits: (row: LocationRow) => boolean) {
  const { site, row } = await findLocation(await apiToken(demo.admin), fits);
  const page = await browser.signedIn(demo.admin);
  const tr = await openRow(page, site.siteID, row.locationDescription);
  await tr.getByRole('button', { name: `View the history of ${row.locationDescription}` }).click();
  return { page, row };
}

describe('Location History', () => {
  it('[ADMINISTRATOR] is titled with the meter names of the location, in the six languages', async () => {
    const { page, row } = await openHistory((r) => !r.deleted && r.servicePoints.length === 2);
    const [first, second] = row.servicePoints.map((sp) => sp.servicePointName);
    await page.getByRole('dialog', { name: `Location History (${first}, ${second})`, exact: true }).waitFor();
    for (const language of LANGUAGES) {
      await useLanguage(page, language);
      await page.reload();
      await page.getByRole('textbox', { name: text(language, 'locations.table.search') }).fill(row.locationDescription);
      const tr = page.locator(`tr[data-location-id="${row.locationID}"]`);
      await tr
        .getByRole('button', {
          name: text(language, 'locations.actions.historyOf', { location: row.locationDescription }),
        })
        .click();
      const name = text(language, 'locations.history.title', { name: `${first}, ${second}` });
      await page.getByRole('dialog', { name, exact: true }).waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
    }
    await page.context().close();
  });

  it('[ADMINISTRATOR] is titled with the location description when the location has no meter', async () => {
    const { page, row } = await openHistory((r) => r.servicePoints.length === 0);
    await page.getByRole('dialog', { name: `Location History (${row.locationDescription})`, exact: true }).waitFor();
    await page.context().close();
  });

  it('[ADMINISTRATOR] shows a reading reset by hand under the stay it fell in, in the six languages', async () => {
    const token = await apiToken(demo.admin);
    const water = (r: LocationRow) => r.servicePoints.find((sp) => sp.unit === 'gal' && sp.kwhTotal !== null);
    const { row } = await findLocation(token, (r) => !r.deleted && r.isCheckedInState && water(r) !== undefined);
    const meter = water(row)!;
    // at or below the latest total, so that the simulated meter's next readings count on from it
    const total = Math.floor(meter.kwhTotal!);
    await api(token, 'POST', 'AddManualMeterReading', {
      deviceKey: meter.deviceKey,
      totalGallons: String(total),
      overrideConfirmation: true,
    });
    const { page } = await openHistory((r) => r.locationID === row.locationID);
    for (const language of LANGUAGES) {
      if (language !== 'en') {
        await useLanguage(page, language);
        await page.reload();
        await page
          .getByRole('textbox', { name: text(language, 'locations.table.search') })
          .fill(row.locationDescription);
        await page
          .locator(`tr[data-location-id="${row.locationID}"]`)
          .getByRole('button', {
            name: text(language, 'locations.actions.historyOf', { location: row.locationDescription }),
          })
          .click();
      }
      const line = page.getByRole('dialog').locator('tr[data-meter-event="reset"]').first();
      const shown = (await line.textContent()) ?? '';
      const reading = new Intl.NumberFormat(language, { maximumFractionDigits: 6 }).format(total);
      // the total before the reset may have moved on since the table was read: every other part is checked
      const expected = text(language, 'locations.history.event.reset', {
        meter: meter.servicePointName,
        reading,
        previous: '\u0000',
      });
      for (const part of expected.split('\u0000')) expect(shown, language).toContain(part);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
    }
    await page.context().close();
  });
});
