import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { demo, launch, newPage, signIn } from '../support/browser';
import { seriousViolations } from '../support/axe';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

describe('property reports', () => {
  it('[SITE OWNER] checks the inputs, views a report and exports it to Excel and CSV', async () => {
    const page = await newPage(browser);
    await signIn(page, demo.owner);
    await page.waitForURL('**/MySites');
    await page.getByRole('button', { name: 'Actions for Pine Lake RV Resort' }).click();
    await page.getByRole('menuitem', { name: 'Reporting' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'View' }).click();
    await dialog.getByText('Invalid input: Please Check input fields').waitFor();

    await dialog.getByRole('textbox', { name: 'Report Type' }).click();
    await page.getByRole('option', { name: 'Meter Readings' }).click();
    await dialog.getByRole('button', { name: 'View' }).click();
    await dialog
      .getByText('Invalid Location Description: Please Search and Select one of the description from Dropdown')
      .waitFor();

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

  it('[SITE MANAGER] views the daily usage of a property on /Report', async () => {
    const page = await newPage(browser);
    await signIn(page, demo.manager);
    await page.waitForURL('**/MySites');
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
