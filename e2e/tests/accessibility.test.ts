import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { demo, launch, newPage, signIn } from '../support/browser';
import { seriousViolations } from '../support/axe';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

describe('accessibility', () => {
  it.each([
    '/auth/login',
    '/auth/registration',
    '/auth/forgot-password',
    '/meterreadings',
    '/terms',
    '/error/error-v1',
  ])('[VISITOR] %s has no serious violation', async (path) => {
    const page = await newPage(browser);
    await page.goto(path);
    await page.locator('main, form, h1').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });

  it.each([
    ['/AdminPanel', demo.admin],
    ['/MySites', demo.owner],
    ['/appearance', demo.manager],
    ['/profile', demo.manager],
  ])('[SIGNED IN] %s has no serious violation', async (path, account) => {
    const page = await newPage(browser);
    await signIn(page, account);
    await page.waitForURL(`**${account.home}`);
    await page.goto(path);
    await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('[SITE MANAGER] signs in and reaches the menu on a 375 px phone', async () => {
    const page = await newPage(browser, { width: 375, height: 740 });
    await signIn(page, demo.manager);
    await page.waitForURL('**/MySites');
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Transactions' }).click();
    await page.waitForURL('**/Transaction');
    await page.context().close();
  });
});
