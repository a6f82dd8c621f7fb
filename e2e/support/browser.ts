import { chromium, type Browser, type Page } from 'playwright-core';
import { inject } from 'vitest';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const baseUrl = () => inject('baseUrl');

export function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: FLAGS, headless: true });
}

export async function newPage(browser: Browser, viewport = { width: 1280, height: 800 }): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl(), viewport });
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
