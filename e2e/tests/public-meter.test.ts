import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch, newPage } from '../support/browser';
import { seriousViolations } from '../support/axe';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

describe('public meter page', () => {
  it('[VISITOR] looks a meter up signed out: summary, status word and the 30 most recent readings', async () => {
    const page = await newPage(browser);
    await page.goto('/meterreadings');
    await page.getByRole('button', { name: 'Check' }).click();
    await page.getByText('Please enter meter number').waitFor();
    await page.getByLabel('Enter Meter Number').fill('plr0001');
    await page.getByRole('button', { name: 'Check' }).click();
    await page.getByRole('heading', { name: 'Meter Summary' }).waitFor();
    expect(page.url()).toContain('meter=plr0001');
    await page.getByText('Pine Lake RV Resort').waitFor();
    const status = (await page.getByTestId('meter-status').textContent())?.trim();
    expect(['Normal', 'Missing', 'Out of Service']).toContain(status);
    await page.getByRole('heading', { name: 'Usage History (30 most recent readings)' }).waitFor();
    const rows = await page.locator('section[aria-labelledby="meter-history"] tbody tr').count();
    expect(rows).toBeGreaterThan(0);
    expect(rows).toBeLessThanOrEqual(30);
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('[VISITOR] ?meter= pre-fills and runs the lookup; an unknown number says Meter not found', async () => {
    const page = await newPage(browser);
    await page.goto('/meterreadings?meter=PLR0002');
    await page.getByRole('heading', { name: 'Meter Summary' }).waitFor();
    expect(await page.getByLabel('Enter Meter Number').inputValue()).toBe('PLR0002');
    await page.getByLabel('Enter Meter Number').fill('NOPE0000');
    await page.getByRole('button', { name: 'Check' }).click();
    await page.getByText('Meter not found').waitFor();
    await page.getByText('Please enter valid meter number above to see the readings.').waitFor();
    await page.context().close();
  });
});
