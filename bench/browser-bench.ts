import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';

/** What a browser bench is told: where the server is, who signs in, which property; usage is printed when one is missing. */
export type BrowserBenchArgs = { url: string; email: string; password: string; site: string; json: boolean };

/**
 * The arguments of a bench that drives Chromium against a running server, with the bench's own
 * (`extra`: their names and defaults, as text); exits printing `usage` when one is missing.
 */
export function browserBenchArgs(
  usage: string,
  extra: Record<string, string> = {},
): BrowserBenchArgs & { extra: Record<string, string> } {
  const { values } = parseArgs({
    options: {
      url: { type: 'string', default: 'http://127.0.0.1:3000' },
      email: { type: 'string' },
      password: { type: 'string' },
      site: { type: 'string' },
      json: { type: 'boolean', default: false },
      ...Object.fromEntries(
        Object.entries(extra).map(([name, value]) => [name, { type: 'string' as const, default: value }]),
      ),
    },
  });
  const { url, email, password, site, json } = values;
  if (
    typeof email !== 'string' ||
    typeof password !== 'string' ||
    typeof site !== 'string' ||
    typeof url !== 'string'
  ) {
    console.error(`usage: ${usage}`);
    process.exit(2);
  }
  const given = new Map<string, unknown>(Object.entries(values));
  const own = Object.fromEntries(Object.keys(extra).map((name) => [name, String(given.get(name))]));
  return { url, email, password, site, json: json === true, extra: own };
}

/** Signs in through the login page, as a person does, and waits to leave it. */
export async function signInAt(page: Page, { url, email, password }: BrowserBenchArgs): Promise<void> {
  await page.goto(`${url}/auth/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((at) => !at.pathname.startsWith('/auth'));
}
