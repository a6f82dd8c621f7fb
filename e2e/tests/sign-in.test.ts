import { describe, expect, it } from 'vitest';
import { demo, launchForFile, signIn } from '../support/browser';

const browser = launchForFile();

describe('sign-in', () => {
  it.each([
    ['ADMINISTRATOR', demo.admin],
    ['SITE OWNER', demo.owner],
    ['SITE MANAGER', demo.manager],
  ])('[%s] signs in through the login page and lands on their home', async (_role, account) => {
    const page = await browser.signedIn(account);
    expect(new URL(page.url()).pathname).toBe(account.home);
    await page.context().close();
  });

  it('[VISITOR] sees the specification text for a wrong password', async () => {
    const page = await browser.newPage();
    await signIn(page, { email: demo.admin.email, password: 'Wrong#2026' });
    await expect(page.getByText('The login detail is incorrect').waitFor()).resolves.toBeUndefined();
    expect(new URL(page.url()).pathname).toBe('/auth/login');
    await page.context().close();
  });
});
