import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import {
  nextSlot,
  routes,
  type StayStatement,
  type WebhookDelivery,
  type WebhookRow,
  WEBHOOK_DISABLE_AFTER_HOURS,
  WEBHOOK_RETRY_SECONDS,
} from '@portal/contract';
import { sql } from 'drizzle-orm';
import { rows } from '../../db/client';
import { buildPedestal, tokenFor } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildPropertyWorld, type PropertyWorld } from '../../test/property-world';
import { webhookReceiver } from '../../test/webhook-receiver';
import { deliverWebhooks } from './delivery';
import { notifyAlerts, tellResolvedAlerts } from '../alerts';
import { settleStatements } from '../billing';
import { recordReadings } from '../meters';

let t: TestApp;
let w: PropertyWorld;
let receiver: Awaited<ReturnType<typeof webhookReceiver>>;

beforeAll(async () => {
  t = await createTestApp();
  w = await buildPropertyWorld(t);
});
afterAll(() => t.close());
// each test starts at the real time (a receiver checks the signature's timestamp against it)
beforeEach(() => t.clock.set(new Date()));
// each test's endpoints and receiver go with it
afterEach(async () => {
  await t.deps.db.execute(sql`delete from webhooks`);
  await receiver?.close();
});

const STAYS = ['stay.checked_in', 'stay.checked_out'];
/** A token of the Site Owner valid now (the tests move the clock on by days). */
const owner = () => tokenFor(t, w.users.ownerA.id);

async function endpoint(events = STAYS, statuses: number[] = [], siteID = w.siteA1.id) {
  receiver = await webhookReceiver(statuses);
  const res = await t.call<{ webhookID: number; secret: string }>({
    method: 'POST',
    url: routes.integrations.createWebhook.path,
    token: await owner(),
    payload: { siteID, url: receiver.url, events },
  });
  expect(res.status, res.body.message ?? '').toBe(200);
  return res.body.result;
}

/** Runs the delivery job until nothing is due (each run sends what is due now). */
async function deliverAll() {
  while ((await deliverWebhooks(t.job)) > 0);
}

/** A stay at a new pedestal (or the one given), checked out `stayMs` after check-in. */
async function checkInAndOut(siteId = w.siteA1.id, pedestal?: Awaited<ReturnType<typeof buildPedestal>>, stayMs = 0) {
  const p = pedestal ?? (await buildPedestal(t.deps.db, siteId, t.deps.now()));
  const checkIn = await t.call<{ stayID: number }>({
    method: 'POST',
    url: routes.stays.checkIn.path,
    token: await owner(),
    payload: {
      locationID: p.loc.id,
      autoCheckoutDateTime: nextSlot(new Date(t.deps.now().getTime() + 86_400_000)).toISOString(),
      guest: { mobileNumber: '(555) 010-2000', firstName: 'Wes', lastName: 'Hook', email: 'wes@example.com' },
    },
  });
  expect(checkIn.status, checkIn.body.message ?? '').toBe(200);
  t.clock.advance(stayMs);
  const checkOut = await t.call({
    method: 'POST',
    url: `${routes.stays.checkOut.path}?locationID=${p.loc.id}`,
    token: await owner(),
  });
  expect(checkOut.status, checkOut.body.message ?? '').toBe(200);
  return checkIn.body.result.stayID;
}

const deliveriesOf = async (webhookID: number) =>
  (
    await t.call<WebhookDelivery[]>({
      method: 'GET',
      url: `${routes.integrations.webhookDeliveries.path}?webhookID=${webhookID}`,
      token: await owner(),
    })
  ).body.result;

describe('webhooks', () => {
  it('tells a check-in and a check-out, signed by Standard Webhooks, with the total GetStayStatement shows', async () => {
    const { secret } = await endpoint();
    expect(secret).toMatch(/^whsec_/);
    const stayID = await checkInAndOut();
    await deliverAll();
    expect(receiver.received.map((r) => JSON.parse(r.body).type)).toEqual(STAYS);
    const verified = receiver.received.map(
      (r) => new Webhook(secret).verify(r.body, r.headers as Record<string, string>) as { data: { stayID: number } },
    );
    expect(verified.map((v) => v.data.stayID)).toEqual([stayID, stayID]);
    const out = JSON.parse(receiver.received[1]!.body);
    const statement = await t.call<StayStatement>({
      method: 'GET',
      url: `${routes.billing.statement.path}?stayID=${stayID}`,
      token: await owner(),
    });
    expect(out.data.statement.total).toBe(statement.body.result.total);
    expect(out.data.statement.lines).toEqual(statement.body.result.lines);
    expect(out.data.guest).toMatchObject({ firstName: 'Wes', lastName: 'Hook' });
    expect(new Date(out.timestamp).getTime()).toBeLessThanOrEqual(t.deps.now().getTime());
  });

  it('retries a failing endpoint on the documented waits, delivers each event once, and keeps a stay in order', async () => {
    const { webhookID } = await endpoint(STAYS, [500, 503]);
    await checkInAndOut();
    await deliverAll();
    // the check-in failed once; the check-out waits behind it
    expect(receiver.received.map((r) => [JSON.parse(r.body).type, r.answered])).toEqual([['stay.checked_in', 500]]);
    t.clock.advance(WEBHOOK_RETRY_SECONDS[0] * 1000);
    await deliverAll();
    t.clock.advance(WEBHOOK_RETRY_SECONDS[1] * 1000);
    await deliverAll();
    await deliverAll();
    t.clock.advance(3_600_000);
    await deliverAll();
    expect(receiver.received.map((r) => [JSON.parse(r.body).type, r.answered])).toEqual([
      ['stay.checked_in', 500],
      ['stay.checked_in', 503],
      ['stay.checked_in', 200],
      ['stay.checked_out', 200],
    ]);
    const ids = receiver.received.map((r) => r.headers['webhook-id']);
    expect(new Set(ids.slice(0, 3)).size).toBe(1);
    const log = await deliveriesOf(webhookID);
    expect(log.map((d) => [d.type, d.status, d.attempts, d.lastStatusCode])).toEqual([
      ['stay.checked_out', 'delivered', 1, 200],
      ['stay.checked_in', 'delivered', 3, 200],
    ]);
  });

  it('fails a delivery after the last retry, sends it again on Redeliver with the same webhook-id', async () => {
    const { webhookID } = await endpoint(['stay.checked_in'], Array(WEBHOOK_RETRY_SECONDS.length + 1).fill(500));
    await checkInAndOut();
    for (const wait of [0, ...WEBHOOK_RETRY_SECONDS]) {
      t.clock.advance(wait * 1000);
      await deliverAll();
    }
    const [failed] = await deliveriesOf(webhookID);
    expect([failed!.status, failed!.attempts, failed!.lastResponse]).toEqual([
      'failed',
      WEBHOOK_RETRY_SECONDS.length + 1,
      'not now',
    ]);
    const again = await t.call({
      method: 'POST',
      url: routes.integrations.redeliverWebhook.path,
      token: await owner(),
      payload: { deliveryID: failed!.deliveryID },
    });
    expect(again.body.messageCode).toBe('webhookRedelivered');
    await deliverAll();
    expect(receiver.received.at(-1)!.answered).toBe(200);
    expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(1);
    expect((await deliveriesOf(webhookID))[0]!.status).toBe('delivered');
  });

  it('disables an endpoint failing for days with an alert, and sends what waited once enabled', async () => {
    const { webhookID } = await endpoint(['stay.checked_in'], Array(100).fill(500));
    await checkInAndOut();
    await deliverAll();
    t.clock.advance(WEBHOOK_DISABLE_AFTER_HOURS * 3_600_000);
    await checkInAndOut();
    await deliverAll();
    const hooks = await t.call<WebhookRow[]>({
      method: 'GET',
      url: `${routes.integrations.webhooks.path}?siteID=${w.siteA1.id}`,
      token: await owner(),
    });
    const hook = hooks.body.result.find((h) => h.webhookID === webhookID)!;
    expect(hook.disabledAt).not.toBeNull();
    const [alert] = await rows<{ params: { url: string } }>(
      t.deps.db,
      sql`select params from system_alerts where kind = 'webhookDisabled' and site_id = ${w.siteA1.id}`,
    );
    expect(alert!.params.url).toBe(receiver.url);
    const before = receiver.received.length;
    t.clock.advance(86_400_000);
    await deliverAll();
    expect(receiver.received.length).toBe(before);
    receiver.plan.length = 0;
    await t.call({
      method: 'POST',
      url: routes.integrations.enableWebhook.path,
      token: await owner(),
      payload: { webhookID },
    });
    await deliverAll();
    const log = await deliveriesOf(webhookID);
    expect(log.map((d) => d.status)).toEqual(['delivered', 'delivered']);
  });

  it('signs with the old secret too for a day after a rotation', async () => {
    const { webhookID, secret } = await endpoint(['stay.checked_in']);
    const rotated = await t.call<{ secret: string }>({
      method: 'POST',
      url: routes.integrations.rotateWebhookSecret.path,
      token: await owner(),
      payload: { webhookID },
    });
    const fresh = rotated.body.result.secret;
    expect(fresh).not.toBe(secret);
    await checkInAndOut();
    await deliverAll();
    const [first] = receiver.received;
    expect(String(first!.headers['webhook-signature']).split(' ')).toHaveLength(2);
    for (const s of [secret, fresh])
      expect(() => new Webhook(s).verify(first!.body, first!.headers as Record<string, string>)).not.toThrow();
    t.clock.advance(25 * 3_600_000);
    await checkInAndOut();
    await deliverAll();
    const second = receiver.received.at(-1)!;
    expect(String(second.headers['webhook-signature']).split(' ')).toHaveLength(1);
  });

  it('tells a statement revised by a late reading, with the total before and the revision', async () => {
    await endpoint(['statement.revised']);
    const p = await buildPedestal(t.deps.db, w.siteA1.id, t.deps.now());
    const stayID = await checkInAndOut(w.siteA1.id, p, 3_600_000);
    // the meter reads after check-out; then a reading it took during the stay arrives late
    const checkedOutAt = t.deps.now().getTime();
    t.clock.advance(60_000);
    const reading = (ms: number, total: string) =>
      recordReadings(t.deps.db, [{ servicePointId: p.meter.id, readAt: new Date(ms), total, isReset: false }]);
    await reading(checkedOutAt + 30_000, '106');
    await reading(checkedOutAt - 1_800_000, '104');
    await settleStatements(t.job);
    await deliverAll();
    const [told] = receiver.received.map((r) => JSON.parse(r.body));
    expect(told).toMatchObject({
      type: 'statement.revised',
      data: { stayID, statement: { revision: 2, revisionReason: 'lateReading' } },
    });
    // the property has no tariff: what changed is the usage, 0 to 4 kWh
    expect(told.data.previousTotal).toBe('0.00');
    expect(told.data.statement.changes).toContainEqual(expect.objectContaining({ before: '0', after: '4' }));
  });

  it('tells an alert opened, acknowledged and resolved, and a relay commanded', async () => {
    await endpoint(['alert.opened', 'alert.acknowledged', 'alert.resolved', 'relay.changed']);
    const p = await buildPedestal(t.deps.db, w.siteA1.id, t.deps.now());
    const [alert] = await rows<{ id: number }>(
      t.deps.db,
      sql`insert into system_alerts (kind, site_id, service_point_id) values ('missingDevice', ${w.siteA1.id}, ${p.meter.id})
          returning id`,
    );
    await notifyAlerts(t.deps);
    await t.call({
      method: 'POST',
      url: routes.alerts.acknowledge.path,
      token: await owner(),
      payload: { alertIDs: [alert!.id], note: 'on it' },
    });
    await t.call({
      method: 'POST',
      url: routes.alerts.resolve.path,
      token: await owner(),
      payload: { alertIDs: [alert!.id], note: 'fixed' },
    });
    await tellResolvedAlerts(t.job);
    await t.call({
      method: 'PUT',
      url: routes.devices.sendCommand.path,
      token: await owner(),
      payload: { servicePointId: p.meter.id, requestedState: 1 },
    });
    await deliverAll();
    // the alerts an earlier test left to tell go too: this test's are those of its meter
    const told = receiver.received
      .map((r) => JSON.parse(r.body) as { type: string; data: Record<string, unknown> })
      .filter((e) => e.data.servicePointID === p.meter.id);
    expect(told.map((e) => e.type)).toEqual(['alert.opened', 'alert.acknowledged', 'alert.resolved', 'relay.changed']);
    expect(told[1]!.data).toMatchObject({ alertID: alert!.id, state: 'acknowledged', note: 'on it' });
    expect(told[3]!.data).toMatchObject({ servicePointID: p.meter.id, desiredState: 1 });
  });

  it('writes no event nobody listens for', async () => {
    const [before] = await rows<{ n: number }>(t.deps.db, sql`select count(*)::int as n from webhook_events`);
    await checkInAndOut(w.siteA2.id);
    const [after] = await rows<{ n: number }>(t.deps.db, sql`select count(*)::int as n from webhook_events`);
    expect(after!.n).toBe(before!.n);
  });

  it("is a property's Site Owner's or an Administrator's to make: not a Site Manager's, nor another business's", async () => {
    const body = { siteID: w.siteA1.id, url: 'https://pms.example.com/hooks', events: STAYS };
    const as = async (who: keyof typeof w.users) =>
      t.call({
        method: 'POST',
        url: routes.integrations.createWebhook.path,
        token: await tokenFor(t, w.users[who].id),
        payload: body,
      });
    expect((await as('admin')).status).toBe(200);
    expect((await as('managerA1')).status).toBe(403);
    expect((await as('ownerB')).status).toBe(403);
    const list = await t.call({
      method: 'GET',
      url: `${routes.integrations.webhooks.path}?siteID=${w.siteA1.id}`,
      token: await tokenFor(t, w.users.ownerB.id),
    });
    expect(list.status).toBe(403);
  });
});

describe('endpoints on private addresses, where the deployment does not allow them', () => {
  let strict: TestApp;
  let world: PropertyWorld;
  beforeAll(async () => {
    strict = await createTestApp({ webhookAllowPrivate: false });
    world = await buildPropertyWorld(strict);
  });
  afterAll(() => strict.close());

  it.each([
    'http://127.0.0.1:8080/hook',
    'http://localhost/hook',
    'http://10.1.2.3/hook',
    'http://192.168.0.10/hook',
    'http://169.254.169.254/latest/meta-data',
    'http://[::1]/hook',
    'http://[::ffff:127.0.0.1]/hook',
    'http://0.0.0.0/hook',
  ])('refuses %s', async (url) => {
    const res = await strict.call({
      method: 'POST',
      url: routes.integrations.createWebhook.path,
      token: world.tokens.ownerA,
      payload: { siteID: world.siteA1.id, url, events: STAYS },
    });
    expect([res.status, res.body.messageCode]).toEqual([400, 'webhookPrivateAddress']);
  });

  it('refuses an address that is not http(s)', async () => {
    const res = await strict.call({
      method: 'POST',
      url: routes.integrations.createWebhook.path,
      token: world.tokens.ownerA,
      payload: { siteID: world.siteA1.id, url: 'file:///etc/passwd', events: STAYS },
    });
    expect(res.status).toBe(400);
  });
});
