import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { launchChromium } from './chromium';

export const baseUrl = () => inject('baseUrl');

/** The newest link mailed to an address (a set-password link unless told): the embedded default logs its outbox. */
export async function mailedLink(
  email: string,
  timeoutMs = 10_000,
  path: RegExp = /\/auth\/set-password\/[\w-]+/,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const lines = readFileSync(inject('serverLog'), 'utf8')
      .split('\n')
      .filter((l) => l.includes('"to":"' + email + '"'));
    const last = lines.at(-1);
    const link = last && path.exec(last);
    if (link) return link[0];
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${email}`);
}

/** What a page is opened with: its size, and whether the portal's service worker may run (`offline`). */
type PageOptions = { width: number; height: number; offline?: boolean };

/**
 * A page in a new context. The service worker is blocked unless the flow is about working
 * offline: a request it makes is not one `page.route` can answer, and the flows that make a
 * call fail route it so.
 */
async function newPage(browser: Browser, { offline = false, ...viewport }: PageOptions = { width: 1280, height: 800 }) {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport,
    serviceWorkers: offline ? 'allow' : 'block',
  });
  return context.newPage();
}

export const demo = {
  admin: { email: 'admin@demo.local', password: 'Admin#2026', home: '/AdminPanel' },
  owner: { email: 'owner@demo.local', password: 'Owner#2026', home: '/MySites' },
  manager: { email: 'manager@demo.local', password: 'Manager#2026', home: '/MySites' },
} as const;

export async function signIn(page: Page, account: { email: string; password: string }): Promise<void> {
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** A new page signed in as `account`, once on its home page. */
async function signedIn(
  browser: Browser,
  account: { email: string; password: string; home: string },
  options?: PageOptions,
): Promise<Page> {
  const page = await newPage(browser, options);
  await signIn(page, account);
  await page.waitForURL(`**${account.home}`);
  return page;
}

/**
 * The test file's browser: launched before its tests and closed after them. Its pages are
 * new contexts (no shared storage): a blank one, or one signed in as an account.
 */
export function launchForFile() {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser?.close());
  const launched = () => {
    if (!browser) throw new Error('the browser opens pages once the tests run');
    return browser;
  };
  return {
    newPage: (options?: PageOptions) => newPage(launched(), options),
    signedIn: (account: { email: string; password: string; home: string }, options?: PageOptions) =>
      signedIn(launched(), account, options),
  };
}

/** The API's answer to a call that failed, for `route.fulfill`. */
export const failure = (status: number, message: string) => ({
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
