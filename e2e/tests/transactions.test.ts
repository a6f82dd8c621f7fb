import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { demo, launch, newPage, signIn } from '../support/browser';
import { seriousViolations } from '../support/axe';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const headers = async (page: import('playwright-core').Page, name: string) =>
  (await page.getByRole('table', { name }).locator('thead th').allTextContents()).map((t) => t.trim());

describe('transactions', () => {
  it('[SITE OWNER] sees current visits and the history with its filter', async () => {
    const page = await newPage(browser);
    await signIn(page, demo.owner);
    await page.waitForURL('**/MySites');
    await page.goto('/Transaction');
    await page.getByRole('tab', { name: 'Current Visits' }).waitFor();
    await page.getByRole('table', { name: 'Current Visits' }).waitFor();
    expect(await headers(page, 'Current Visits')).toEqual([
      'Property',
      'Location',
      'Check In Date',
      'Usage',
      'Checked In By',
    ]);
    expect(
      await page.getByRole('table', { name: 'Current Visits' }).locator('thead th').nth(2).getAttribute('aria-sort'),
    ).toBe('ascending');
    await page.getByRole('tab', { name: 'History' }).click();
    await page.getByRole('textbox', { name: 'Select Filter' }).click();
    await page.getByRole('option', { name: 'All' }).click();
    await page.getByRole('table', { name: 'History' }).waitFor();
    expect(await headers(page, 'History')).toEqual([
      'Property',
      'Location',
      'Check In Date',
      'Check Out Date',
      'Usage',
      'Checked In By',
      'Checked Out By',
    ]);
    expect(
      await page.getByRole('table', { name: 'History' }).locator('thead th').nth(3).getAttribute('aria-sort'),
    ).toBe('descending');
    const rows = await page.getByRole('table', { name: 'History' }).locator('tbody tr').count();
    expect(rows).toBeGreaterThan(0);
    expect(rows).toBeLessThanOrEqual(25);
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });
});
