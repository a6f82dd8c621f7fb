import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { nextSlot, routes } from '@portal/contract';
import { seriousViolations } from '../support/axe';
import { baseUrl, demo, launchForFile, signIn } from '../support/browser';
import { answers, apiToken, checkInPossible, findLocation } from '../support/locations';

type Received = { headers: IncomingHttpHeaders; body: string };

/** A park management system's endpoint on loopback: it keeps what it is sent and answers 200. */
function receiver(): Promise<{ server: Server; url: string; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ server, url: `http://127.0.0.1:${port}/portal-hooks/${run}`, received });
    }),
  );
}

async function until<T>(find: () => T | undefined, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`nothing arrived within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const run = Date.now().toString(36);
const browser = launchForFile();
let pms: Awaited<ReturnType<typeof receiver>>;
beforeAll(async () => {
  pms = await receiver();
});
afterAll(async () => {
  await new Promise((r) => pms?.server.close(r));
});

describe('Webhooks', () => {
  it('[SITE OWNER] adds an endpoint for a property, copies its secret once, and a check-in reaches it signed and shows Delivered in the log', async () => {
    const token = await apiToken(demo.owner);
    const { site, row } = await findLocation(token, (r) => checkInPossible(r) && answers(r));

    const page = await browser.newPage();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
    await signIn(page, demo.owner);
    await page.waitForURL(`**${demo.owner.home}`);
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Integrations' }).click();
    await page.getByRole('heading', { name: 'Webhooks', level: 2 }).waitFor();

    const section = page.getByRole('region', { name: 'Webhooks' });
    await section.getByRole('textbox', { name: 'Property' }).click();
    await page.getByRole('listbox').getByRole('option', { name: site.sitePublicName, exact: true }).click();
    await section.getByRole('button', { name: 'New endpoint' }).first().click();
    const form = page.getByRole('dialog', { name: 'New endpoint' });
    await form.getByRole('textbox', { name: 'URL' }).fill(pms.url);
    await form.getByRole('checkbox', { name: /^stay\.checked_in/ }).check();
    await form.getByRole('button', { name: 'Add endpoint' }).click();

    const shown = page.getByRole('dialog', { name: "Your endpoint's signing secret" });
    await shown.waitFor();
    await shown.getByText('webhook-id, webhook-timestamp and webhook-signature', { exact: false }).waitFor();
    const secret = await shown.getByRole('textbox', { name: 'Signing secret' }).inputValue();
    expect(secret).toMatch(/^whsec_/);
    await shown.getByRole('button', { name: 'Copy' }).click();
    await shown.getByText('The secret is on the clipboard.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    expect(await seriousViolations(page)).toEqual([]);
    await shown.getByRole('button', { name: 'Done' }).click();
    await shown.waitFor({ state: 'hidden' });
    const endpoint = page.getByRole('row').filter({ hasText: pms.url });
    await endpoint.getByText('Active').waitFor();
    expect(await page.content()).not.toContain(secret);

    // the desk checks a guest in through the API; the portal tells the endpoint
    const checkIn = await fetch(`${baseUrl()}${routes.stays.checkIn.path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        locationID: row.locationID,
        autoCheckoutDateTime: nextSlot(new Date(Date.now() + 86_400_000)).toISOString(),
      }),
    });
    // 410: saved, the meters not confirmed yet; the event is written with the stay either way
    expect([200, 410]).toContain(checkIn.status);
    await checkIn.body?.cancel();

    const delivered = await until(
      () => pms.received.find((r) => (JSON.parse(r.body) as { type: string }).type === 'stay.checked_in'),
      20_000,
    );
    const event = new Webhook(secret).verify(delivered.body, {
      'webhook-id': String(delivered.headers['webhook-id']),
      'webhook-timestamp': String(delivered.headers['webhook-timestamp']),
      'webhook-signature': String(delivered.headers['webhook-signature']),
    }) as { type: string; data: { locationID: number } };
    expect(event.type).toBe('stay.checked_in');
    expect(event.data.locationID).toBe(row.locationID);
    expect(() =>
      new Webhook(`whsec_${Buffer.from('not the secret').toString('base64')}`).verify(delivered.body, {
        'webhook-id': String(delivered.headers['webhook-id']),
        'webhook-timestamp': String(delivered.headers['webhook-timestamp']),
        'webhook-signature': String(delivered.headers['webhook-signature']),
      }),
    ).toThrow();

    // the delivery log shows it Delivered, by its webhook-id
    await endpoint.getByRole('button', { name: `Deliveries of ${pms.url}` }).click();
    const log = page.getByRole('dialog', { name: 'Delivery log' });
    const logged = log.getByRole('row').filter({ hasText: String(delivered.headers['webhook-id']) });
    await logged.getByText('Delivered').waitFor({ timeout: 15_000 });
    expect(await logged.textContent()).toContain('stay.checked_in');
    expect(await logged.textContent()).toContain('200');
    expect(await seriousViolations(page)).toEqual([]);
    await log.getByRole('button', { name: 'Close' }).click();
    await log.waitFor({ state: 'hidden' });

    // tidy: the guest leaves, the endpoint goes
    const checkOut = await fetch(`${baseUrl()}${routes.stays.checkOut.path}?locationID=${row.locationID}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    await checkOut.body?.cancel();
    await endpoint.getByRole('button', { name: `Delete ${pms.url}` }).click();
    await page.getByRole('dialog', { name: 'Delete endpoint' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByText('The endpoint has been deleted.').waitFor();
    await endpoint.waitFor({ state: 'detached' });
    await page.context().close();
  });
});
