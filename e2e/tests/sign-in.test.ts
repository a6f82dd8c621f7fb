import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { demo, launch, newPage, signIn } from '../support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

describe('sign-in', () => {
  it.each([
    ['ADMINISTRATOR', demo.admin],
    ['SITE OWNER', demo.owner],
    ['SITE MANAGER', demo.manager],
  ])('[%s] signs in through the login page and lands on their home', async (_role, account) => {
    const page = await newPage(browser);
    await signIn(page, account);
    await page.waitForURL(`**${account.home}`);
    expect(new URL(page.url()).pathname).toBe(account.home);
    await page.context().close();
  });

  it('[VISITOR] sees the specification text for a wrong password', async () => {
    const page = await newPage(browser);
    await signIn(page, { email: demo.admin.email, password: 'Wrong#2026' });
    await expect(page.getByText('The login detail is incorrect').waitFor()).resolves.toBeUndefined();
    expect(new URL(page.url()).pathname).toBe('/auth/login');
    await page.context().close();
  });
});
