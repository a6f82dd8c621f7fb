import { describe, expect, it } from 'vitest';
import { demo, launchForFile } from '../support/browser';
import { seriousViolations } from '../support/axe';

const browser = launchForFile();

describe('accessibility', () => {
  it.each([
    '/auth/login',
    '/auth/registration',
    '/auth/forgot-password',
    '/meterreadings',
    '/terms',
    '/error/error-v1',
  ])('[VISITOR] %s has no serious violation', async (path) => {
    const page = await browser.newPage();
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
    const page = await browser.signedIn(account);
    await page.goto(path);
    await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('[SITE MANAGER] signs in and reaches the menu on a 375 px phone', async () => {
    const page = await browser.signedIn(demo.manager, { width: 375, height: 740 });
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Transactions' }).click();
    await page.waitForURL('**/Transaction');
    await page.context().close();
  });
});
