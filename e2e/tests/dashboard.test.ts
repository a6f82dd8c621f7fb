import { describe, expect, it } from 'vitest';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { demo, failure, launchForFile } from '../support/browser';

const browser = launchForFile();

/** The number shown above a stat's label, e.g. "12,345" above "Total kWh metered", once loaded. */
async function statValue(page: Page, label: string): Promise<string> {
  const value = page.getByText(label, { exact: true }).locator('xpath=preceding-sibling::*[1]');
  await expect.poll(async () => (await value.textContent()) ?? '—', { timeout: 15_000 }).not.toBe('—');
  return (await value.textContent()) ?? '';
}

describe('dashboard', () => {
  it('[SITE MANAGER] sees the real-time stats, the location counts and the system alerts as HTML', async () => {
    const page = await browser.signedIn(demo.manager);
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Dashboard' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    expect(await statValue(page, 'Total kWh metered')).toMatch(/^[\d,]+$/);
    expect(await statValue(page, 'lbs of CO2 saved')).toMatch(/^[\d,]+$/);
    expect(await statValue(page, 'Recaptured utility costs')).toMatch(/^\$[\d,]+\.\d\d$/);
    const counts = page.getByRole('group', { name: 'Location counts' });
    expect(await counts.textContent()).toMatch(/Active: \d+In use: \d+Out of service: \d+Missing devices: \d+/);

    const alerts = page.getByRole('region', { name: /^System Alerts/ });
    await alerts.getByRole('listitem').first().waitFor();
    // The alert text is HTML: rendered, never shown as markup.
    expect(await alerts.locator('li b').count()).toBeGreaterThan(0);
    expect(await alerts.textContent()).not.toContain('<b>');

    const result = await new AxeBuilder({ page }).analyze();
    expect(result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual(
      [],
    );
    await page.context().close();
  });

  it('[ADMINISTRATOR] sees the stats block at the top of the Admin Panel', async () => {
    const page = await browser.signedIn(demo.admin);
    await page.getByRole('heading', { level: 1, name: 'Facility Owner - My Customers' }).waitFor();
    expect(await statValue(page, 'Total kWh metered')).toMatch(/^[\d,]+$/);
    await page.getByRole('heading', { name: /^System Alerts/ }).waitFor();
    await page.context().close();
  });

  it('[SITE OWNER] is told within 2 s when the stats or the alerts fail, and when the server is out of reach', async () => {
    const page = await browser.signedIn(demo.owner);
    // when each call was first answered with a failure
    const failedAt: Record<string, number> = {};
    for (const call of ['GetRealtimeStats', 'GetSystemAlerts'])
      await page.route(`**/api/${call}`, (route) => {
        failedAt[call] ??= Date.now();
        return route.fulfill(failure(500, 'Internal error'));
      });
    await page.goto('/dashboard');
    await page.getByText('Failed to fetch realtime stats').waitFor({ timeout: 20_000 });
    expect(Date.now() - failedAt.GetRealtimeStats!).toBeLessThan(2_000);
    await page.getByText('Failed to fetch alerts').waitFor({ timeout: 20_000 });
    expect(Date.now() - failedAt.GetSystemAlerts!).toBeLessThan(2_000);

    await page.unroute('**/api/GetRealtimeStats');
    await page.route('**/api/GetRealtimeStats', (route) => route.abort('connectionrefused'));
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByText('Error connecting to server').waitFor({ timeout: 2_000 });
    await page.context().close();
  });

  it('[SITE OWNER] sees the daily usage of each property over 30 days, with dates, values and a tooltip', async () => {
    const page = await browser.signedIn(demo.owner);
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Usage, last 30 days' }).waitFor();
    const pine = page.getByRole('figure', { name: 'Pine Lake RV Resort' });
    await pine.locator('svg text').first().waitFor();
    // The owner's business has three properties: a chart each.
    expect(await page.getByRole('figure').count()).toBe(3);

    // dates on the time axis, values on both value axes, each axis with its unit
    const axisTexts = await pine.locator('svg text').allTextContents();
    expect(axisTexts.filter((t) => /^[A-Z][a-z]{2} \d{1,2}$/.test(t)).length).toBeGreaterThan(3);
    expect(axisTexts.filter((t) => /^\d[\d,]*$/.test(t)).length).toBeGreaterThan(3);
    expect(axisTexts).toEqual(expect.arrayContaining(['kWh', 'gal']));

    // The text alternative: a table of the 30 days.
    const table = pine.getByRole('table', { name: 'Daily usage at Pine Lake RV Resort' });
    expect(await table.locator('tbody tr').count()).toBe(30);
    expect(await table.locator('thead th').allTextContents()).toEqual(['Date', 'Electricity (kWh)', 'Water (gallons)']);

    await pine.locator('.recharts-wrapper').hover();
    const tooltip = pine.locator('.recharts-tooltip-wrapper');
    await expect
      .poll(async () => (await tooltip.textContent()) ?? '')
      .toMatch(/^[A-Z][a-z]+day, [A-Z][a-z]+ \d{1,2}.*Electricity[\d,.]+ kWh.*Water[\d,.]+ gal/);
    await page.context().close();
  });
});
