import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { demo, launch, newPage, signIn } from '../support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

type Account = (typeof demo)[keyof typeof demo];

async function signedIn(account: Account): Promise<Page> {
  const page = await newPage(browser);
  await signIn(page, account);
  await page.waitForURL(`**${account.home}`);
  return page;
}

/** The number shown above a stat's label, e.g. "12,345" above "Total kWh metered", once loaded. */
async function statValue(page: Page, label: string): Promise<string> {
  const value = page.getByText(label, { exact: true }).locator('xpath=preceding-sibling::*[1]');
  await expect.poll(async () => (await value.textContent()) ?? '—', { timeout: 15_000 }).not.toBe('—');
  return (await value.textContent()) ?? '';
}

const failure = (status: number, message: string) => ({
  status,
  contentType: 'application/json',
  body: JSON.stringify({
    success: false,
    result: { code: 'failed' },
    message,
    statusCode: status,
    exceptionMessage: null,
  }),
});

describe('dashboard', () => {
  it('[SITE MANAGER] sees the real-time stats, the location counts and the system alerts as HTML', async () => {
    const page = await signedIn(demo.manager);
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
    const page = await signedIn(demo.admin);
    await page.getByRole('heading', { level: 1, name: 'Facility Owner - My Customers' }).waitFor();
    expect(await statValue(page, 'Total kWh metered')).toMatch(/^[\d,]+$/);
    await page.getByRole('heading', { name: /^System Alerts/ }).waitFor();
    await page.context().close();
  });

  it('[SITE OWNER] is told when the stats or the alerts cannot be fetched', async () => {
    const page = await signedIn(demo.owner);
    await page.route('**/api/GetRealtimeStats', (route) => route.abort('connectionrefused'));
    await page.route('**/api/GetSystemAlerts', (route) => route.fulfill(failure(500, 'Internal error')));
    await page.goto('/dashboard');
    await page.getByText('Error connecting to server').waitFor({ timeout: 20_000 });
    await page.getByText('Failed to fetch alerts').waitFor({ timeout: 20_000 });

    await page.unroute('**/api/GetRealtimeStats');
    await page.route('**/api/GetRealtimeStats', (route) => route.fulfill(failure(500, 'Internal error')));
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByText('Failed to fetch realtime stats').waitFor({ timeout: 20_000 });
    await page.context().close();
  });

  it('[SITE OWNER] sees the daily usage of each property over the last 30 days', async () => {
    const page = await signedIn(demo.owner);
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Usage, last 30 days' }).waitFor();
    const electric = page.getByRole('img', { name: /^Daily electricity at .+: [\d,]+ kWh in 30 days$/ });
    await electric.first().waitFor();
    // The owner's business has three properties: each gets its electricity and water rows.
    expect(await electric.count()).toBe(3);
    expect(await page.getByRole('img', { name: /^Daily water at / }).count()).toBe(3);
    await page.context().close();
  });
});
