import { describe, expect, it } from 'vitest';
import { demo, launchForFile, signIn } from '../support/browser';

const browser = launchForFile();

describe('session', () => {
  it('[SITE MANAGER] is signed out when the stored login has expired', async () => {
    const page = await browser.signedIn(demo.manager);
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
    const page = await browser.newPage();
    await page.addInitScript(() =>
      localStorage.setItem('portal.testTimeouts', JSON.stringify({ inactivityMs: 2_000 })),
    );
    await signIn(page, demo.owner);
    await page.waitForURL('**/MySites');
    await page.waitForURL('**/auth/login', { timeout: 15_000 });
    await page.context().close();
  });

  it('[ADMINISTRATOR] switches the language and keeps the choice', async () => {
    const page = await browser.signedIn(demo.admin);
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
