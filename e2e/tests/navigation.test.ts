import { describe, expect, it } from 'vitest';
import { demo, launchForFile, signIn } from '../support/browser';

const browser = launchForFile();

const menuOf = async (page: import('playwright-core').Page) =>
  (await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link').allTextContents()).map((t) => t.trim());

describe('navigation by role', () => {
  it.each([
    [
      'ADMINISTRATOR',
      demo.admin,
      ['Admin Panel', 'Manage Users', 'Integrations', 'Transactions', 'Alerts'],
      ['Manage Properties'],
    ],
    [
      'SITE OWNER',
      demo.owner,
      ['Manage Properties', 'Manage Users', 'Integrations', 'Transactions', 'Alerts'],
      ['Admin Panel'],
    ],
    [
      'SITE MANAGER',
      demo.manager,
      ['Manage Properties', 'Transactions', 'Alerts'],
      ['Admin Panel', 'Manage Users', 'Integrations'],
    ],
  ])('[%s] sees only the menu entries of their permissions', async (_role, account, shown, hidden) => {
    const page = await browser.signedIn(account);
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: shown[0] }).waitFor();
    const menu = await menuOf(page);
    for (const entry of shown) expect(menu).toContain(entry);
    for (const entry of hidden) expect(menu).not.toContain(entry);
    await page.context().close();
  });

  it.each(['/UserList', '/Integrations'])('[SITE MANAGER] gets the 401 page on %s', async (path) => {
    const page = await browser.signedIn(demo.manager);
    await page.goto(path);
    await page.getByText('OOPS! You are not authorize to access this page.').waitFor();
    await page.context().close();
  });

  it('[VISITOR] is sent to sign in from a private page, and an unknown path lands on /error/error-v1 once signed in', async () => {
    const page = await browser.newPage();
    await page.goto('/Transaction');
    await page.waitForURL('**/auth/login');
    await signIn(page, demo.owner);
    await page.waitForURL('**/Transaction');
    await page.goto('/no/such/page');
    await page.waitForURL('**/error/error-v1');
    await page.goto('/auth');
    await page.waitForURL('**/MySites');
    await page.context().close();
  });

  it('[VISITOR] sees the public meter page without signing in', async () => {
    const page = await browser.newPage();
    await page.goto('/meterreadings');
    await page.getByText('This system only works with meters of the provider').waitFor();
    expect(new URL(page.url()).pathname).toBe('/meterreadings');
    await page.context().close();
  });
});
