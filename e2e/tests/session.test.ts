import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { demo, launch, newPage, signIn } from '../support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

describe('session', () => {
  it('[SITE MANAGER] is signed out when the stored login has expired', async () => {
    const page = await newPage(browser);
    await signIn(page, demo.manager);
    await page.waitForURL('**/MySites');
    await page.evaluate(() => {
      const login = JSON.parse(localStorage.getItem('portal.login') ?? '{}') as { expiresAt?: string };
      login.expiresAt = new Date(Date.now() - 1000).toISOString();
      localStorage.setItem('portal.login', JSON.stringify(login));
    });
    await page.reload();
    await page.waitForURL('**/auth/login');
    expect(await page.evaluate(() => localStorage.getItem('portal.login'))).toBeNull();
    await page.context().close();
  });

  it('[SITE OWNER] is signed out after the inactivity time-out (shortened for the test)', async () => {
    const page = await newPage(browser);
    await page.addInitScript(() =>
      localStorage.setItem('portal.testTimeouts', JSON.stringify({ inactivityMs: 2_000 })),
    );
    await signIn(page, demo.owner);
    await page.waitForURL('**/MySites');
    await page.waitForURL('**/auth/login', { timeout: 15_000 });
    await page.context().close();
  });

  it('[ADMINISTRATOR] switches the language and keeps the choice', async () => {
    const page = await newPage(browser);
    await signIn(page, demo.admin);
    await page.waitForURL('**/AdminPanel');
    await page.getByLabel('Language').selectOption('de');
    const germanMenu = page.getByRole('navigation', { name: 'Hauptmenü' });
    await germanMenu.getByRole('link', { name: 'Verwaltung' }).waitFor();
    await page.reload();
    await germanMenu.getByRole('link', { name: 'Verwaltung' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('de');
    await page.getByLabel('Sprache').selectOption('en');
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Admin Panel' }).waitFor();
    await page.context().close();
  });
});
