import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type ReservationRow, routes, type StayStatement } from '@portal/contract';
import { buildApiKey, buildPedestal } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildPropertyWorld, type PropertyWorld } from '../../test/property-world';
import { webhookReceiver } from '../../test/webhook-receiver';
import { deliverWebhooks } from './delivery';

/**
 * A park management system built from docs/integrations.md alone, against the running API over
 * HTTP: it holds a key for one property and an endpoint that fails its first two attempts,
 * sends the page's booking as it is (but for its property, location and dates), marks the
 * arrival and the departure, and checks only what the page promises.
 */
const doc = readFileSync(join(import.meta.dirname, '../../../../../docs/integrations.md'), 'utf8');
const booking = JSON.parse(
  [...doc.matchAll(/```json\n([\s\S]*?)```/g)].map((m) => m[1]!).find((block) => block.includes('"externalID"'))!,
) as Record<string, unknown>;

let t: TestApp;
let w: PropertyWorld;
let base = '';
let key = '';
let secret = '';
let receiver: Awaited<ReturnType<typeof webhookReceiver>>;
let location = '';

beforeAll(async () => {
  t = await createTestApp();
  w = await buildPropertyWorld(t);
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const pedestal = await buildPedestal(t.deps.db, w.siteA1.id, t.deps.now());
  location = pedestal.loc.description;
  // the property's staff make the key and the endpoint on the Integrations page (here, its calls)
  ({ key } = await buildApiKey(t, w.tokens.ownerA, {
    businessID: w.busA.id,
    name: 'Conformance PMS',
    siteIDs: [w.siteA1.id],
    scopes: ['reservations:write'],
  }));
  receiver = await webhookReceiver([500, 503]);
  const hook = await t.call<{ secret: string }>({
    method: 'POST',
    url: routes.integrations.createWebhook.path,
    token: w.tokens.ownerA,
    payload: { siteID: w.siteA1.id, url: receiver.url, events: ['stay.checked_in', 'stay.checked_out'] },
  });
  secret = hook.body.result.secret;
});
afterAll(async () => {
  await receiver?.close();
  await t.close();
});

type Reply<T> = { status: number; body: { result: T; messageCode?: string; message?: string } };
type Reservation = { reservationID: number; stayID: number | null };

const pms = <T = Reservation>(method: string, path: string, body?: object): Promise<Reply<T>> =>
  fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  }).then(async (res) => ({ status: res.status, body: (await res.json()) as Reply<T>['body'] }));

/** The portal's delivery job, with every retry's wait taken as passed, until nothing is left to send. */
async function deliver() {
  for (;;) {
    // by the portal's clock (the database's now() can be a few microseconds past it)
    await t.deps.db.execute(
      sql`update webhook_deliveries set next_attempt_at = ${t.deps.now()} where status = 'pending'`,
    );
    if (!(await deliverWebhooks(t.job))) return;
  }
}

it('books, arrives and departs through UpsertReservation, and receives each stay event once, signed, with the statement total', async () => {
  const now = t.deps.now().getTime();
  const reservation = {
    ...booking,
    siteID: w.siteA1.id,
    locationDescription: location,
    arrival: new Date(now - 3_600_000).toISOString(),
    departure: new Date(now + 3 * 86_400_000).toISOString(),
  };
  const path = routes.integrations.upsertReservation.path;
  const booked = await pms('POST', path, reservation);
  expect(booked.status, booked.body.message).toBe(200);
  expect(booked.body.result.stayID).toBeNull();
  const arrived = await pms('POST', path, { ...reservation, status: 'arrived' });
  expect(arrived.status, arrived.body.message).toBe(200);
  const stayID = arrived.body.result.stayID!;
  expect(stayID).toBeGreaterThan(0);
  // the same message again (a retry after a lost answer) changes nothing
  expect((await pms('POST', path, { ...reservation, status: 'arrived' })).body.result).toEqual(arrived.body.result);
  await deliver();
  const departed = await pms('POST', path, { ...reservation, status: 'departed' });
  expect(departed.body.result.stayID).toBe(stayID);
  await deliver();

  const delivered = receiver.received.filter((r) => r.answered < 300);
  const events = delivered.map((r) =>
    new Webhook(secret).verify(r.body, r.headers as Record<string, string>),
  ) as Array<{
    type: string;
    data: { stayID: number; statement: { total: string } | null };
  }>;
  expect(events.map((e) => [e.type, e.data.stayID])).toEqual([
    ['stay.checked_in', stayID],
    ['stay.checked_out', stayID],
  ]);
  // the first two attempts failed; each event still came once, ids unique among the successes
  expect(receiver.received.map((r) => r.answered)).toEqual([500, 503, 200, 200]);
  expect(new Set(delivered.map((r) => r.headers['webhook-id'])).size).toBe(2);
  const statement = await t.call<StayStatement>({
    method: 'GET',
    url: `${routes.billing.statement.path}?stayID=${stayID}`,
    token: w.tokens.ownerA,
  });
  expect(events[1]!.data.statement!.total).toBe(statement.body.result.total);
});

it('answers 409 with the code the page lists when the location is taken, and the reservation keeps it', async () => {
  const now = t.deps.now().getTime();
  const first = {
    ...booking,
    siteID: w.siteA1.id,
    externalID: 'RES-A',
    locationDescription: location,
    arrival: new Date(now).toISOString(),
    departure: new Date(now + 86_400_000).toISOString(),
    status: 'arrived',
  };
  expect((await pms('POST', routes.integrations.upsertReservation.path, first)).status).toBe(200);
  const second = await pms('POST', routes.integrations.upsertReservation.path, { ...first, externalID: 'RES-B' });
  expect([second.status, second.body.messageCode]).toEqual([409, 'alreadyCheckedIn']);
  expect(doc).toContain('`alreadyCheckedIn`');
  const list = await pms<ReservationRow[]>('GET', `${routes.integrations.reservations.path}?siteID=${w.siteA1.id}`);
  const b = list.body.result.find((r) => r.externalID === 'RES-B');
  expect(b).toMatchObject({ conflict: 'alreadyCheckedIn', stayID: null });
});
