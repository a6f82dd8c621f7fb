import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Role, type LocationRow } from '@portal/contract';
import { meterReadings, meterRefusals, servicePoints } from '../db/schema';
import { buildBusiness, buildLocation, buildMeter, buildSite, buildUser, signIn } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';
import { until } from '../test/until';
import { createMqttGateway } from './mqtt';

/**
 * A meter built from docs/device-protocol.md alone, against Mosquitto (TEST_MQTT_URL): it is
 * registered as the page says, connects as the page says, and publishes the page's own worked
 * examples, word for word but for its device key. Only what the page promises is checked.
 */
const url = process.env.TEST_MQTT_URL!;
const run = `${process.pid}-${Date.now()}`;
const doc = readFileSync(join(import.meta.dirname, '../../../../docs/device-protocol.md'), 'utf8');
const EXAMPLE_KEY = 'pedestal-b02';
const deviceKey = `pedestal-${run}`;
/** The page's examples use the default prefix, `meters`; this deployment has its own (MQTT_TOPIC_PREFIX), as the page says. */
const prefix = `protocol-${run}/meters`;
const ours = (topic: string) => topic.replace(/^meters\//, `${prefix}/`);

const asOurs = (topic: string) => ours(topic.replaceAll(EXAMPLE_KEY, deviceKey));
/** The worked examples' mosquitto_pub and mosquitto_sub lines: their topics, message, retain flag and Last Will. */
const examples = [...doc.matchAll(/^mosquitto_(pub|sub) .*$/gm)].map(([line, tool]) => ({
  tool,
  topics: [...line.matchAll(/-t '([^']+)'/g)].map((m) => asOurs(m[1]!)),
  message: /-m '([^']+)'/.exec(line)?.[1],
  retain: / -r /.test(line),
  will: /--will-topic '([^']+)'/.test(line)
    ? {
        topic: asOurs(/--will-topic '([^']+)'/.exec(line)![1]!),
        payload: /--will-payload '([^']+)'/.exec(line)![1]!,
        qos: Number(/--will-qos (\d)/.exec(line)?.[1] ?? 0) as 0 | 1 | 2,
        retain: line.includes('--will-retain'),
      }
    : undefined,
}));
const published = (topic: string) => examples.filter((e) => e.tool === 'pub' && e.topics[0]!.endsWith(`/${topic}`));

let t: TestApp;
let token = '';
let meter: MqttClient;
const gatewayId = `portal-test-${run}-protocol`;
/** What the meter got, as topic and parsed payload, in order. */
const got: { topic: string; body: Record<string, unknown> }[] = [];

beforeAll(async () => {
  // the page's examples are dated: a deployment that looks back far enough to take them
  t = await createTestApp(
    { readingMaxAgeDays: 3_650 },
    createMqttGateway(
      {
        url,
        clientId: gatewayId,
        shareGroup: gatewayId,
        topicPrefix: prefix,
        droppedTopic: null,
        sessionExpirySeconds: 600,
        clockSkewSeconds: 300,
      },
      pino({ level: 'silent' }),
    ),
  );
  token = await signIn(t, await buildUser(t.deps.db, { roleId: Role.Administrator }));
  // "Connecting": a client id of its own, a persistent session, QoS 1.
  meter = await mqtt.connectAsync(url, {
    clientId: deviceKey,
    clean: false,
    protocolVersion: 5,
    properties: { sessionExpiryInterval: 600 },
  });
  meter.on('message', (topic, payload) => got.push({ topic, body: JSON.parse(payload.toString()) }));
  const [listen] = examples.filter((e) => e.tool === 'sub');
  await meter.subscribeAsync(listen!.topics, { qos: 1 });
});

afterAll(async () => {
  await t?.close();
  await meter?.endAsync();
  for (const clientId of [gatewayId, deviceKey]) {
    const gone = await mqtt.connectAsync(url, { protocolVersion: 5, clientId, clean: true });
    await gone.endAsync();
  }
});

const publish = (topic: string, message: string) => meter.publishAsync(topic, message, { qos: 1 });
const received = (suffix: string) => got.filter((g) => g.topic === ours(`meters/${deviceKey}/${suffix}`));

it('finds in the page the topics, the registration and the worked examples it follows', () => {
  expect(examples.filter((e) => e.tool === 'sub')).toHaveLength(1);
  expect(published('reading').length).toBeGreaterThanOrEqual(3);
  expect(published('heartbeat')).toHaveLength(1);
  expect(published('ack')).toHaveLength(1);
  expect(published('status')).toHaveLength(1);
  expect(doc).toContain('POST /api/ServicePoint/CreateMeter');
  expect(doc).toContain('`MQTT_TOPIC_PREFIX`');
});

it('a meter registered and assigned as the page says has its readings counted and its refusal told', async () => {
  // "Registering a meter": Meter ID, device key, device type 6 (Smart Electric, relay 1).
  const created = await t.call<number>({
    method: 'POST',
    url: '/api/ServicePoint/CreateMeter',
    token,
    payload: { servicePointName: 'E101056', deviceKey, fk_DeviceTypeId: 6 },
  });
  expect(created.status).toBe(200);
  const site = await buildSite(t.deps.db, (await buildBusiness(t.deps.db)).id, { timeZone: 'UTC' });
  const location = await buildLocation(t.deps.db, site.id);
  const assigned = await t.call({
    method: 'POST',
    url: '/api/AddMeterToLocation',
    token,
    payload: { servicePointID: created.body.result, fk_LocationID: location.id },
  });
  expect(assigned.status).toBe(200);
  // "registered … before 2026-11-23", as the page's meter is
  await t.deps.db
    .update(servicePoints)
    .set({ createdAt: new Date('2026-11-22T00:00:00Z') })
    .where(eq(servicePoints.id, created.body.result));

  for (const e of [...published('reading'), ...published('heartbeat')]) await publish(e.topics[0]!, e.message!);

  const good = published('reading')
    .map((e) => JSON.parse(e.message!) as { total: string | number; at: string | number })
    .filter((r) => Number(r.total) >= 0);
  const id = created.body.result;
  expect(
    await until(
      async () =>
        (await t.deps.db.select().from(meterReadings).where(eq(meterReadings.servicePointId, id))).length ===
        good.length,
    ),
  ).toBe(true);
  const stored = await t.deps.db
    .select({ at: meterReadings.readAt, total: meterReadings.total })
    .from(meterReadings)
    .where(eq(meterReadings.servicePointId, id))
    .orderBy(meterReadings.readAt);
  // every timestamp format of the page read as the instant it names, every total as the register
  expect(stored.map((s) => [s.at.toISOString(), Number(s.total)])).toEqual(
    good.map((r) => [new Date(r.at).toISOString(), Number(r.total)]),
  );
  const [sp] = await t.deps.db.select().from(servicePoints).where(eq(servicePoints.id, id));
  const totals = good.map((r) => Number(r.total));
  expect(Number(sp!.usageTotal)).toBeCloseTo(Math.max(...totals) - Math.min(...totals), 6);

  // "What the portal refuses": the negative total comes back on meters/{deviceKey}/refused,
  // with the msgId, at and total the meter sent.
  const refused = published('reading')
    .map((e) => JSON.parse(e.message!) as { total: string | number; at: string | number; msgId?: string })
    .find((r) => Number(r.total) < 0)!;
  expect(refused.msgId).toBeDefined();
  expect(await until(() => received('refused').length > 0)).toBe(true);
  expect(received('refused')[0]!.body).toEqual({
    reason: 'outOfRange',
    at: expect.any(String),
    msgId: refused.msgId,
    message: { at: refused.at, total: refused.total },
  });
});

it('refuses, and says so, a reading whose clock is ahead and one from a key nobody registered', async () => {
  const [example] = published('reading');
  const ahead = { ...JSON.parse(example!.message!), at: new Date(Date.now() + 10 * 60_000).toISOString() };
  await publish(example!.topics[0]!, JSON.stringify(ahead));
  expect(await until(() => received('refused').some((r) => r.body.reason === 'clockAhead'))).toBe(true);

  const stranger = `${deviceKey}-unregistered`;
  const [told, sent] = [ours(`meters/${stranger}/refused`), ours(`meters/${stranger}/reading`)];
  await meter.subscribeAsync(told, { qos: 1 });
  await publish(sent, example!.message!);
  expect(await until(() => got.some((g) => g.topic === told))).toBe(true);
  expect(got.find((g) => g.topic === told)!.body).toMatchObject({ reason: 'unknownMeter' });
});

it('switches the relay as the page says: a command arrives, the meter answers it, the portal takes the answer', async () => {
  const [sp] = await t.deps.db.select().from(servicePoints).where(eq(servicePoints.deviceKey, deviceKey));
  const sent = await t.call<{ messageId: number }>({
    method: 'PUT',
    url: '/api/SendDeviceControlMessage',
    token,
    payload: { servicePointId: sp!.id, requestedState: 1 },
  });
  expect(sent.status).toBe(200);
  expect(await until(() => received('command').length > 0)).toBe(true);
  const command = received('command')[0]!.body;
  expect(command).toMatchObject({ messageId: sent.body.result.messageId, requestedState: 1 });
  expect(Object.keys(command).sort()).toEqual(['capabilityId', 'messageId', 'requestedState']);

  // "act, then answer": the page's ack example with this command's messageId
  const [answer] = published('ack');
  await publish(answer!.topics[0]!, JSON.stringify({ ...JSON.parse(answer!.message!), messageId: command.messageId }));
  const answered = async () => {
    const res = await t.call<{ resultCode: number | null }>({
      method: 'GET',
      url: `/api/GetDeviceControlMessage?servicePointId=${sp!.id}&messageId=${command.messageId}`,
      token,
    });
    return res.body.result.resultCode === 0;
  };
  expect(await until(answered)).toBe(true);
});

it("shows a meter that connects with the page's Last Will Missing within seconds of its connection dropping, and back once online", async () => {
  // "Connection status": a will on …/status, offline, QoS 1, retained; online published retained once connected
  const [listen] = examples.filter((e) => e.tool === 'sub');
  const [online] = published('status');
  expect(listen!.will).toMatchObject({ payload: '{"state":"offline"}', qos: 1, retain: true });
  expect([online!.message, online!.retain]).toEqual(['{"state":"online"}', true]);
  // another meter of this deployment, on a location, so that its will is its own
  const key = `${deviceKey}-will`;
  const theirs = (topic: string) => topic.replace(`/${deviceKey}/`, `/${key}/`);
  const site = await buildSite(t.deps.db, (await buildBusiness(t.deps.db)).id);
  const location = await buildLocation(t.deps.db, site.id);
  const sp = await buildMeter(t.deps.db, {
    deviceKey: key,
    deviceTypeId: 6,
    locationId: location.id,
    slot: 1,
    lastSeenAt: new Date(),
  });
  const connect = () =>
    mqtt.connectAsync(url, {
      clientId: key,
      clean: false,
      protocolVersion: 5,
      properties: { sessionExpiryInterval: 600 },
      // the meter's own reconnecting stays out of this measure
      reconnectPeriod: 0,
      will: { ...listen!.will!, topic: theirs(listen!.will!.topic), payload: Buffer.from(listen!.will!.payload) },
    });
  const sayOnline = (device: MqttClient) =>
    device.publishAsync(theirs(online!.topics[0]!), online!.message!, { qos: 1, retain: true });
  const shownMissing = async () => {
    const table = await t.call<LocationRow[]>({
      method: 'GET',
      url: `/api/GetAllLocationsWithMetersBySiteID?siteID=${site.id}`,
      token,
    });
    return table.body.result[0]?.servicePoints.find((m) => m.servicePointID === sp.id)?.isMissingDevice;
  };
  const stateOf = async () =>
    (await t.deps.db.select().from(servicePoints).where(eq(servicePoints.id, sp.id)))[0]!.connectionState;

  let device = await connect();
  try {
    await sayOnline(device);
    expect(await until(async () => (await stateOf()) === 'online')).toBe(true);
    expect(await shownMissing()).toBe(false);
    // the connection drops without a DISCONNECT: a cable pulled, the meter's power cut
    const dropped = Date.now();
    device.stream.destroy();
    expect(await until(async () => (await shownMissing()) === true, 10_000)).toBe(true);
    const ms = Date.now() - dropped;
    console.log(`Last Will: shown Missing ${ms} ms after the connection dropped`);
    expect(ms).toBeLessThan(10_000);
    expect(await stateOf()).toBe('offline');

    device = await connect();
    await sayOnline(device);
    expect(await until(async () => (await shownMissing()) === false)).toBe(true);
    // clearing the retained status (an empty retained message) is no message of the meter
    await device.publishAsync(theirs(online!.topics[0]!), '', { qos: 1, retain: true });
    await new Promise((r) => setTimeout(r, 1_500)); // a batch window more
    expect(await t.deps.db.select().from(meterRefusals).where(eq(meterRefusals.deviceKey, key))).toEqual([]);
    expect(await stateOf()).toBe('online');
  } finally {
    await device.endAsync();
    const gone = await mqtt.connectAsync(url, { protocolVersion: 5, clientId: key, clean: true });
    await gone.endAsync();
  }
});
