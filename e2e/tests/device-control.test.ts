import { describe, expect, it } from 'vitest';
import { demo, launchForFile, signIn } from '../support/browser';
import { LANGUAGES, text, useLanguage } from '../support/i18n';
import { apiToken, findLocation, openRow, silent } from '../support/locations';

const browser = launchForFile();

describe('device control', () => {
  it('[ADMINISTRATOR] sees a command the meter never answers end in "No response", on the row and in the panel, and may retry', async () => {
    const token = await apiToken(demo.admin);
    const { site, row } = await findLocation(
      token,
      (r) =>
        !r.deleted &&
        r.servicePoints.some(
          (sp) =>
            silent(sp.deviceKey) &&
            !sp.isMissingDevice &&
            sp.servicePointCapabilities.length > 0 &&
            // nothing out already (an earlier flow may have left 'No response', which is fine)
            sp.servicePointCapabilities.every((c) => !/pending/i.test(c.apiCapabilityResponse ?? '')),
        ),
    );
    const meter = row.servicePoints.find((sp) => silent(sp.deviceKey))!.servicePointName;
    const page = await browser.newPage();
    // The page's clock runs on its own; the test moves it past the 45 s cooldown.
    await page.clock.install();
    await signIn(page, demo.admin);
    await page.waitForURL('**/AdminPanel');
    const tr = await openRow(page, site.siteID, row.locationDescription);
    const relay = (state: string) =>
      tr.getByRole('button', { name: `Meter ${meter}: ${state}. Open its device control panel` });

    await tr.getByRole('button', { name: new RegExp(`^Meter ${meter}: .*Open its device control panel$`) }).click();
    const panel = page.getByRole('dialog', { name: `Meter ${meter} · ${row.locationDescription}` });
    await panel.getByRole('button', { name: 'Retry ON' }).click();
    await panel.getByText(/Checking the meter… \d+ s/).waitFor();
    await panel.getByText(/^Last command: ON · waiting for the meter/).waitFor();
    await relay('Pending').waitFor();
    await panel.getByText('Pending', { exact: true }).waitFor();

    // The server gives the command up (10 s in these tests): the panel and the row say so, live.
    await panel.getByText('No response was received from the meter.').first().waitFor({ timeout: 30_000 });
    await panel.getByText('No response', { exact: true }).waitFor();
    expect(await panel.getByText('Pending', { exact: true }).count()).toBe(0);
    await relay('No response').waitFor();

    // After the cooldown the meter can be switched again.
    await page.clock.fastForward(46_000);
    await expect.poll(() => panel.getByRole('button', { name: 'Retry ON' }).isEnabled()).toBe(true);
    await panel.getByRole('button', { name: 'Close' }).last().click();
    // Opened again later, the panel still tells the truth, in every language.
    await relay('No response').click();
    await panel.getByText('Last command: ON · No response was received from the meter.', { exact: false }).waitFor();
    for (const language of LANGUAGES) {
      await useLanguage(page, language);
      await page.reload();
      await page.getByRole('textbox', { name: text(language, 'locations.table.search') }).fill(row.locationDescription);
      const state = text(language, 'devices.state.noResponse');
      await page
        .locator(`tr[data-location-id="${row.locationID}"]`)
        .getByRole('button', { name: text(language, 'devices.openPanel', { meter, state }) })
        .click();
      const opened = page.getByRole('dialog');
      await opened.getByText(text(language, 'msg.deviceNoResponse'), { exact: false }).waitFor();
      await opened.getByText(state, { exact: true }).first().waitFor();
      await page.keyboard.press('Escape');
      await opened.waitFor({ state: 'detached' });
    }
    await page.context().close();
  });
});
