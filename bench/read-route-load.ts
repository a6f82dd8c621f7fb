/**
 * The read route's page load on a phone: Chromium at 390 × 844 on a throttled network
 * (Lighthouse's mobile figures: 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up), signed in,
 * from the navigation to the first meter of the route shown. Cold is a new browser profile
 * (nothing cached, no service worker yet); warm is the next visit, the app's files from the
 * service worker's precache. Needs a running server.
 *
 *   npx tsx bench/read-route-load.ts --url http://127.0.0.1:3000 --email … --password … --site 2 [--runs 5] [--json]
 */
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../e2e/support/chromium';
import { browserBenchArgs, signInAt } from './browser-bench';

const args = browserBenchArgs(
  'npx tsx bench/read-route-load.ts --url URL --email EMAIL --password PASSWORD --site ID [--runs N] [--json]',
  { runs: '5' },
);

const MOBILE = { latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };

/** Milliseconds from the navigation to the route's first meter on screen. */
async function load(page: Page): Promise<number> {
  const started = performance.now();
  await page.goto(`${args.url}/ReadingRoute/${args.site}`);
  await page.getByRole('listitem').first().waitFor({ timeout: 60_000 });
  return Math.round(performance.now() - started);
}

async function oneRun(browser: Browser): Promise<{ cold: number; warm: number }> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
  const page = await context.newPage();
  await signInAt(page, args);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...MOBILE });
  const cold = await load(page);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  const warm = await load(page);
  await context.close();
  return { cold, warm };
}

const browser = await launchChromium();
const runs: Array<{ cold: number; warm: number }> = [];
for (let i = 0; i < Number(args.extra.runs); i++) runs.push(await oneRun(browser));
await browser.close();

const spread = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return { min: sorted[0]!, median: sorted[Math.floor(sorted.length / 2)]!, max: sorted.at(-1)! };
};
const result = { cold: spread(runs.map((r) => r.cold)), warm: spread(runs.map((r) => r.warm)), runs };
if (args.json) console.log(JSON.stringify(result));
else
  console.log(
    `read route at 390 × 844, throttled: cold ${result.cold.min}–${result.cold.max} ms (median ${result.cold.median}), ` +
      `warm ${result.warm.min}–${result.warm.max} ms (median ${result.warm.median}) over ${runs.length} runs`,
  );
