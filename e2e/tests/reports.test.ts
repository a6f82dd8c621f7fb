import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { demo, launchForFile } from '../support/browser';
import { seriousViolations } from '../support/axe';

const invalidLocation = 'Invalid Location Description: Please Search and Select one of the description from Dropdown';

/** My Properties → ⋮ on Pine Lake RV Resort → Reporting: the dialog, in English unless texts say otherwise. */
async function openPineLakeReports(
  page: Page,
  texts = { actions: 'Actions for Pine Lake RV Resort', reporting: 'Reporting' },
): Promise<Locator> {
  await page.getByRole('button', { name: texts.actions }).click();
  await page.getByRole('menuitem', { name: texts.reporting, exact: true }).click();
  return page.getByRole('dialog');
}

/** The nearest ancestor that scrolls sideways, with its widths, and the table's header cells' edges. */
function tableLayout(table: Locator) {
  return table.evaluate((el) => {
    let box = el.parentElement;
    while (box && !['auto', 'scroll'].includes(getComputedStyle(box).overflowX)) box = box.parentElement;
    const heads = Array.from(el.querySelectorAll('thead th')).map((th) => {
      const r = th.getBoundingClientRect();
      return { text: th.textContent?.trim() ?? '', left: r.left, right: r.right };
    });
    return {
      scrollWidth: box?.scrollWidth ?? el.scrollWidth,
      clientWidth: box?.clientWidth ?? 0,
      boxRight: box?.getBoundingClientRect().right ?? 0,
      pageScrollWidth: document.documentElement.scrollWidth,
      heads,
    };
  });
}

type Catalogue = {
  sites: { actionsOf: string; menu: { reporting: string } };
  reports: { reportType: string; view: string };
};
const catalogue = (language: string): Catalogue =>
  JSON.parse(
    readFileSync(join(import.meta.dirname, `../../apps/web/src/i18n/locales/${language}.json`), 'utf8'),
  ) as Catalogue;

const browser = launchForFile();

describe('property reports', () => {
  it('[SITE OWNER] checks the inputs, views a report and exports it to Excel and CSV', async () => {
    const page = await browser.signedIn(demo.owner);
    const dialog = await openPineLakeReports(page);
    await dialog.getByRole('button', { name: 'View' }).click();
    await dialog.getByText('Invalid input: Please Check input fields').waitFor();

    await dialog.getByRole('textbox', { name: 'Report Type' }).click();
    await page.getByRole('option', { name: 'Meter Readings' }).click();
    await dialog.getByRole('button', { name: 'View' }).click();
    await dialog.getByText(invalidLocation).waitFor();

    await dialog.getByRole('textbox', { name: 'Report Type' }).click();
    await page.getByRole('option', { name: 'Usage by Location' }).click();
    await dialog.getByRole('button', { name: 'View' }).click();
    const table = dialog.getByRole('table', { name: 'Usage by Location' });
    await table.waitFor();
    expect((await table.locator('thead th').allTextContents()).map((t) => t.trim())).toEqual([
      'Location',
      'Meter',
      'Type',
      'Start Reading',
      'End Reading',
      'Usage',
      'Unit',
      'Rate',
      'Amount',
    ]);
    expect(await table.locator('tbody tr').count()).toBe(25);
    await dialog.getByRole('button', { name: 'Next page' }).click();
    await dialog.getByText(/^Showing 26 to 50 of \d+$/).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    const [excel] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Export to Excel' }).click(),
    ]);
    expect(excel.suggestedFilename()).toMatch(/^Report_\d{4}-\d{2}-01_To_\d{4}-\d{2}-\d{2}\.xlsx$/);
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Export to CSV' }).click(),
    ]);
    expect(csv.suggestedFilename()).toMatch(/\.csv$/);
    await page.context().close();
  });

  it.each(['Meter Readings', 'Location Usage Detail by Day'])(
    '[SITE OWNER] runs %s from the property’s dialog for a location picked with the mouse',
    async (report) => {
      const page = await browser.signedIn(demo.owner);
      const dialog = await openPineLakeReports(page);
      await dialog.getByRole('textbox', { name: 'Report Type' }).click();
      await page.getByRole('option', { name: report }).click();
      const location = dialog.getByRole('textbox', { name: 'Location', exact: true });
      await location.pressSequentially('Site B-0');
      await page.getByRole('option', { name: 'Site B-02', exact: true }).click();
      expect(await location.inputValue()).toBe('Site B-02');
      await viewAndExport(page, dialog, report);
      await page.context().close();
    },
  );

  it('[SITE OWNER] picks the location with ArrowDown and Enter; typing after the pick makes it invalid again', async () => {
    const page = await browser.signedIn(demo.owner);
    const dialog = await openPineLakeReports(page);
    await dialog.getByRole('textbox', { name: 'Report Type' }).click();
    await page.getByRole('option', { name: 'Meter Readings' }).click();
    const location = dialog.getByRole('textbox', { name: 'Location', exact: true });
    await location.pressSequentially('Site B-0');
    await page.getByRole('option', { name: 'Site B-02', exact: true }).waitFor();
    const selected = page.locator('[role="option"][data-combobox-selected]');
    for (let i = 0; i < 10 && ((await selected.count()) === 0 || (await selected.textContent()) !== 'Site B-02'); i++)
      await location.press('ArrowDown');
    await location.press('Enter');
    expect(await location.inputValue()).toBe('Site B-02');
    await viewAndExport(page, dialog, 'Meter Readings');

    await location.click();
    await location.press('End');
    await location.press('Backspace');
    expect(await location.inputValue()).toBe('Site B-0');
    await dialog.getByRole('button', { name: 'View' }).click();
    await dialog.getByText(invalidLocation).waitFor();
    await location.press('End');
    await location.pressSequentially('3');
    expect(await location.inputValue()).toBe('Site B-03');
    await dialog.getByRole('button', { name: 'View' }).click();
    await dialog.getByText(invalidLocation).waitFor();
    await page.context().close();
  });

  it('[SITE OWNER] narrows Usage by Location to the location picked, and disables the dates of a report without a period', async () => {
    const page = await browser.signedIn(demo.owner);
    const dialog = await openPineLakeReports(page);
    await dialog.getByRole('textbox', { name: 'Report Type' }).click();
    await page.getByRole('option', { name: 'Usage by Location' }).click();
    const location = dialog.getByRole('textbox', { name: 'Location', exact: true });
    await dialog.getByText('Optional: leave it empty for the whole property.').waitFor();
    await location.pressSequentially('Site B-0');
    await page.getByRole('option', { name: 'Site B-02', exact: true }).click();
    await dialog.getByRole('button', { name: 'View' }).click();
    const table = dialog.getByRole('table', { name: 'Usage by Location' });
    await table.waitFor();
    const places = await table.locator('tbody tr td:first-child').allTextContents();
    expect(places.length).toBeGreaterThan(0);
    expect(new Set(places)).toEqual(new Set(['Site B-02']));

    await dialog.getByRole('textbox', { name: 'Report Type' }).click();
    await page.getByRole('option', { name: 'Missing and Out-of-Service Meters' }).click();
    for (const name of ['Start Date & Time', 'End Date & Time'])
      expect(await dialog.getByLabel(name).isDisabled(), name).toBe(true);
    expect(await dialog.getByText('Not used: this report shows how things stand now.').count()).toBe(2);
    await dialog.getByRole('button', { name: 'View' }).click();
    await dialog
      .getByRole('table', { name: 'Missing and Out-of-Service Meters' })
      .or(dialog.getByText('Nothing to show now'))
      .first()
      .waitFor();
    await page.context().close();
  });

  it.each([
    { report: 'Usage by Location', columns: 9 },
    { report: 'Billing by Stay', columns: 14 },
  ])(
    '[SITE OWNER] sees every column of $report without sideways scrolling at 1366 × 768 in every language',
    async ({ report, columns }) => {
      const page = await browser.signedIn(demo.owner, { width: 1366, height: 768 });
      for (const language of ['en', 'de', 'es', 'fr', 'ja', 'zh']) {
        const texts = catalogue(language);
        await page.evaluate((l) => localStorage.setItem('portal.language', JSON.stringify(l)), language);
        await page.reload();
        const dialog = await openPineLakeReports(page, {
          actions: texts.sites.actionsOf.replace('{{name}}', 'Pine Lake RV Resort'),
          reporting: texts.sites.menu.reporting,
        });
        await dialog.getByRole('textbox', { name: texts.reports.reportType }).click();
        await page.getByRole('option', { name: report }).click();
        await dialog.getByRole('button', { name: texts.reports.view, exact: true }).click();
        const table = dialog.getByRole('table', { name: report });
        await table.waitFor();
        const layout = await tableLayout(table);
        expect(
          layout.heads.map((h) => h.text),
          language,
        ).toHaveLength(columns);
        expect(layout.scrollWidth, language).toBeLessThanOrEqual(layout.clientWidth);
        for (const head of layout.heads) {
          expect(head.left, `${language}: ${head.text}`).toBeGreaterThanOrEqual(0);
          expect(head.right, `${language}: ${head.text}`).toBeLessThanOrEqual(Math.min(1366, layout.boxRight + 0.5));
        }
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'hidden' });
      }
      await page.context().close();
    },
  );

  it('[SITE MANAGER] views Usage by Location on a 375 px phone: the table scrolls inside the dialog', async () => {
    const page = await browser.signedIn(demo.manager, { width: 375, height: 740 });
    const dialog = await openPineLakeReports(page);
    await dialog.getByRole('textbox', { name: 'Report Type' }).click();
    await page.getByRole('option', { name: 'Usage by Location' }).click();
    await dialog.getByRole('button', { name: 'View' }).click();
    const table = dialog.getByRole('table', { name: 'Usage by Location' });
    await table.waitFor();
    const layout = await tableLayout(table);
    expect(layout.pageScrollWidth).toBeLessThanOrEqual(375);
    expect(layout.clientWidth).toBeGreaterThan(0);
    const amount = table.locator('thead th').last();
    await amount.scrollIntoViewIfNeeded();
    const box = await amount.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    await page.context().close();
  });

  it('[SITE MANAGER] views the daily usage of a property on /Report', async () => {
    const page = await browser.signedIn(demo.manager);
    await page.goto('/Report');
    await page.getByRole('textbox', { name: 'Property' }).click();
    await page.locator('[role="option"]:visible').first().click();
    await page.getByRole('textbox', { name: 'Report Type' }).click();
    await page.getByRole('option', { name: 'Usage by Location' }).click();
    await page.getByText('Get Weekly Usage').click();
    await page.getByRole('button', { name: 'View Report' }).click();
    const table = page.getByRole('table', { name: 'Usage by Location' });
    await table.waitFor();
    expect(await table.locator('tbody tr').count()).toBeGreaterThan(0);
    await page.context().close();
  });
});

/** View shows the report's table without a location error; Excel and CSV both download. */
async function viewAndExport(page: Page, dialog: Locator, report: string) {
  await dialog.getByRole('button', { name: 'View' }).click();
  const table = dialog.getByRole('table', { name: report });
  const problem = dialog.getByText(invalidLocation);
  await table.or(problem).first().waitFor();
  expect(await problem.count(), 'the location error after View').toBe(0);
  expect(await table.locator('tbody tr').count()).toBeGreaterThan(0);
  for (const button of ['Export to Excel', 'Export to CSV']) {
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: button }).click(),
    ]);
    expect(await file.failure(), button).toBeNull();
    expect(file.suggestedFilename()).toMatch(/^Report_\d{4}-\d{2}-01_To_\d{4}-\d{2}-\d{2}\.(xlsx|csv)$/);
  }
  expect(await dialog.getByText(invalidLocation).count()).toBe(0);
}
