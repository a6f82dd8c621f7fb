import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { Webhook } from 'standardwebhooks';
import { afterAll, expect, it } from 'vitest';
import { nextSlot, routes, type LocationRow, type SiteWithStats } from '@portal/contract';
import { demoAccounts } from '../../db/seed/demo-users';
import { exited, startServer } from '../../test/spawned-server';
import { webhookReceiver } from '../../test/webhook-receiver';

/**
 * The real server (the embedded demo), a receiver on loopback, check-ins committed and the
 * server killed with SIGKILL before their events went out: after the restart each event is
 * delivered, once. Also measures how long an event takes from its commit to the receiver.
 */
const dir = mkdtempSync(join(tmpdir(), 'portal-webhooks-'));
const port = 40_000 + Math.floor(Math.random() * 2000);
const base = `http://127.0.0.1:${port}`;
let server: ChildProcess | null = null;
let receiver: Awaited<ReturnType<typeof webhookReceiver>>;
afterAll(async () => {
  server?.kill('SIGKILL');
  await receiver?.close();
  rmSync(dir, { recursive: true, force: true });
});

const call = async <T>(method: string, path: string, token: string, body?: object) => {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: (await res.json()) as { result: T; message: string } };
};

const waitFor = async (done: () => boolean, ms: number) => {
  const deadline = Date.now() + ms;
  while (!done() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  return done();
};

it('delivers every committed event once across a kill -9, and within about a second of its commit', async () => {
  server = await startServer(port, dir, { DEMO: '1' });
  const owner = demoAccounts.find((a) => a.role === 'Site Owner')!;
  const signIn = await fetch(`${base}${routes.auth.signIn.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Username: owner.email, Password: owner.password }),
  });
  const token = ((await signIn.json()) as { result: { token: string } }).result.token;
  const [site] = (await call<SiteWithStats[]>('GET', routes.sites.visible.path, token)).body.result;
  receiver = await webhookReceiver();
  const hook = await call<{ secret: string }>('POST', routes.integrations.createWebhook.path, token, {
    siteID: site!.siteID,
    url: receiver.url,
    events: ['stay.checked_in'],
  });
  const { secret } = hook.body.result;
  const rows = (await call<LocationRow[]>('GET', `${routes.locations.table.path}?siteID=${site!.siteID}`, token)).body
    .result;
  const vacant = rows.filter((r) => !r.deleted && !r.isCheckedInState && r.servicePoints.length);
  const checkIn = (r: LocationRow) =>
    call<{ stayID: number }>('POST', routes.stays.checkIn.path, token, {
      locationID: r.locationID,
      autoCheckoutDateTime: nextSlot(new Date(Date.now() + 86_400_000)).toISOString(),
    });

  // how long from commit (the event's timestamp) to the receiver: one check-in at a time
  const latencies: number[] = [];
  for (const r of vacant.slice(0, 12)) {
    const before = receiver.received.length;
    const res = await checkIn(r);
    if (res.status !== 200 && res.status !== 410) continue;
    await waitFor(() => receiver.received.length > before, 10_000);
    const got = receiver.received.at(-1)!;
    latencies.push(got.at - Date.parse((JSON.parse(got.body) as { timestamp: string }).timestamp));
  }
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  console.info(
    `webhook delivery from commit: median ${at(0.5)} ms, p95 ${at(0.95)} ms over ${latencies.length} events`,
  );
  expect(latencies.length).toBeGreaterThan(5);
  expect(at(0.5)).toBeLessThan(1_000);

  // the endpoint refuses the next attempt; check-ins commit; the server dies at that first attempt
  receiver.plan.push(503);
  const seen = receiver.received.length;
  const pending = vacant.slice(12, 20).map((r) => checkIn(r).catch(() => null));
  await waitFor(() => receiver.received.length > seen, 15_000);
  server.kill('SIGKILL');
  await exited(server);
  await Promise.all(pending);
  server = await startServer(port, dir, { DEMO: '1' });
  const fresh = await fetch(`${base}${routes.auth.signIn.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Username: owner.email, Password: owner.password }),
  });
  const again = ((await fresh.json()) as { result: { token: string } }).result.token;
  const after = (await call<LocationRow[]>('GET', `${routes.locations.table.path}?siteID=${site!.siteID}`, again)).body
    .result;
  // every check-in that committed before the kill: its location is checked in now
  const committed = vacant
    .slice(0, 20)
    .filter((r) => after.find((a) => a.locationID === r.locationID)?.isCheckedInState).length;
  const delivered = () => receiver.received.filter((r) => r.answered < 300);
  // a delivery in flight at the kill waits out its lease (30 s) before it is sent again
  await waitFor(() => delivered().length >= committed, 60_000);
  await new Promise((r) => setTimeout(r, 2_000));
  const ids = delivered().map((r) => r.headers['webhook-id']);
  for (const r of delivered()) new Webhook(secret).verify(r.body, r.headers as Record<string, string>);
  console.info(
    `kill -9: ${committed} check-ins committed, ${new Set(ids).size} events delivered, ${ids.length - new Set(ids).size} duplicated`,
  );
  expect(new Set(ids).size).toBe(committed);
  expect(ids.length).toBe(committed);
}, 300_000);
