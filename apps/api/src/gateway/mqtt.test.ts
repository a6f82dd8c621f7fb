import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import pino from 'pino';
import { refusalMessage } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dailyUsage, meterReadings, meterRefusals, systemAlerts } from '../db/schema';
import { lastBrokerDropped } from '../features/devices/broker-drops';
import { deviceEvents } from '../features/devices/ingest';
import { buildMeter } from '../test/factories';
import { createTestApp } from '../test/harness';
import { until } from '../test/until';
import type {
  DeviceAck,
  DeviceEvents,
  DeviceGateway,
  DeviceHeartbeat,
  DeviceReading,
  DeviceRefusal,
  DeviceStatus,
} from './gateway';
import { fleetOnBroker } from './fleet-mqtt';
import { createMqttGateway } from './mqtt';
import { meterTopics } from './topics';

/** The MQTT gateway against a real broker: TEST_MQTT_URL (CI sets it when Mosquitto answers on 127.0.0.1:1883). */
const url = process.env.TEST_MQTT_URL!;
const run = `${process.pid}-${Date.now()}`;
const silent = pino({ level: 'silent' });
/** Client ids of this run: their sessions are removed from the broker at the end. */
const clientIds: string[] = [];

/** This run's deployment: its topics are its own, whatever else runs on the broker. */
const topics = meterTopics(`test-${run}/meters`);

/** Each test's instances have their own group: a stopped instance's session keeps taking its share of the group's messages. */
function gateway(
  name: string,
  shareGroup = `test-${run}-${name}`,
  topicPrefix = topics.prefix,
  droppedTopic: string | null = null,
): DeviceGateway {
  const clientId = `portal-test-${run}-${name}`;
  clientIds.push(clientId);
  return createMqttGateway(
    { url, clientId, shareGroup, topicPrefix, droppedTopic, sessionExpirySeconds: 600, clockSkewSeconds: 300 },
    silent,
  );
}

type Got = {
  acks: DeviceAck[];
  readings: DeviceReading[];
  beats: DeviceHeartbeat[];
  statuses: DeviceStatus[];
  refusals: DeviceRefusal[];
};
function recorder(): { got: Got; events: DeviceEvents } {
  const got: Got = { acks: [], readings: [], beats: [], statuses: [], refusals: [] };
  return {
    got,
    events: {
      acks: async (a) => void got.acks.push(...a),
      readings: async (r) => (got.readings.push(...r), []),
      heartbeats: async (h) => (got.beats.push(...h), []),
      statuses: async (s) => (got.statuses.push(...s), []),
      refusals: async (r) => void got.refusals.push(...r),
    },
  };
}

let meter: MqttClient;
const publish = (topic: string, payload: string) => meter.publishAsync(topic, payload, { qos: 1 });
const reading = (total: string | number, at = new Date()) => JSON.stringify({ total, at: at.toISOString() });

beforeAll(async () => {
  meter = await mqtt.connectAsync(url, { protocolVersion: 5 });
});
afterAll(async () => {
  await meter?.endAsync();
  for (const clientId of clientIds) {
    const gone = await mqtt.connectAsync(url, { protocolVersion: 5, clientId, clean: true });
    await gone.endAsync();
  }
});

describe('MQTT device gateway', () => {
  it('publishes a command to the meter and takes its acknowledgement', async () => {
    const deviceKey = `dk-${run}-cmd`;
    const { got, events } = recorder();
    const g = gateway('cmd');
    await g.start(events);
    const commands: unknown[] = [];
    await meter.subscribeAsync(topics.command(deviceKey), { qos: 1 });
    meter.on('message', (topic, payload) => {
      if (topic !== topics.command(deviceKey)) return;
      const cmd = JSON.parse(payload.toString()) as { messageId: number };
      commands.push(cmd);
      void publish(topics.ack(deviceKey), JSON.stringify({ messageId: cmd.messageId, resultCode: 0 }));
    });
    const started = Date.now();
    await g.send({ messageId: 42, deviceKey, capabilityId: null, requestedState: 1 });
    expect(await until(() => got.acks.some((a) => a.deviceKey === deviceKey))).toBe(true);
    console.log(`MQTT command round trip: ${Date.now() - started} ms`);
    expect(commands).toEqual([{ messageId: 42, capabilityId: null, requestedState: 1 }]);
    expect(got.acks.find((a) => a.deviceKey === deviceKey)).toMatchObject({ messageId: 42, resultCode: 0 });
    expect(g.status()).toEqual({ ok: true, kind: 'mqtt', detail: 'connected', brokerDropped: null });
    await g.stop();
  });

  it("refuses a bad message on its own, tells its meter why, and stores another meter's reading of the same second", async () => {
    const t = await createTestApp();
    try {
      const good = await buildMeter(t.deps.db, { deviceTypeId: 6, deviceKey: `dk-${run}-good` });
      const bad = await buildMeter(t.deps.db, { deviceTypeId: 6, deviceKey: `dk-${run}-bad` });
      const nobody = `dk-${run}-nobody`;
      const told: string[] = [];
      await meter.subscribeAsync([topics.refused(bad.deviceKey), topics.refused(nobody)], { qos: 1 });
      meter.on('message', (topic, payload) => {
        if (topic === topics.refused(bad.deviceKey) || topic === topics.refused(nobody))
          told.push(`${topic.split('/').at(-2)} ${(JSON.parse(payload.toString()) as { reason: string }).reason}`);
      });
      const g = gateway('store');
      await g.start(deviceEvents(t.deps, silent));
      await publish(topics.reading(bad.deviceKey), reading('abc'));
      await publish(topics.reading(good.deviceKey), reading('12.5'));
      await publish(topics.reading(bad.deviceKey), 'not json');
      await publish(topics.reading(bad.deviceKey), '{"total":1e309,"at":"2026-11-23T20:15:00Z"}');
      await publish(topics.heartbeat(bad.deviceKey), '{"at":"whenever"}');
      await publish(topics.reading(nobody), reading('1'));
      expect(await until(() => told.length === 5)).toBe(true);
      expect(told.sort()).toEqual([
        `${bad.deviceKey} badTimestamp`,
        `${bad.deviceKey} malformed`,
        `${bad.deviceKey} malformed`,
        `${bad.deviceKey} outOfRange`,
        `${nobody} unknownMeter`,
      ]);
      const counted = await t.deps.db.select().from(meterRefusals).where(eq(meterRefusals.deviceKey, bad.deviceKey));
      expect(counted.map((c) => [c.reason, c.count]).sort()).toEqual([
        ['badTimestamp', 1],
        ['malformed', 2],
        ['outOfRange', 1],
      ]);
      const stored = await t.deps.db.select().from(meterReadings).where(eq(meterReadings.servicePointId, good.id));
      expect(stored.map((s) => s.total)).toEqual(['12.500000']);
      await g.stop();
    } finally {
      await t.close();
    }
  });

  it('counts nothing of a rise the meter cannot deliver: totals 2000, 2001, 987654, 2002, 2003 are 3 kWh, the spike a glitch, alerted as one, once the meter is back on its line', async () => {
    const t = await createTestApp();
    try {
      const spiking = await buildMeter(t.deps.db, { deviceTypeId: 6, deviceKey: `dk-${run}-spike` });
      const g = gateway('spike');
      await g.start(deviceEvents(t.deps, silent));
      const start = Date.now() - 150_000;
      const totals = ['2000', '2001', '987654', '2002', '2003'];
      for (const [i, total] of totals.entries())
        await publish(topics.reading(spiking.deviceKey), reading(total, new Date(start + i * 30_000)));
      const stored = () =>
        t.deps.db
          .select()
          .from(meterReadings)
          .where(eq(meterReadings.servicePointId, spiking.id))
          .orderBy(meterReadings.readAt);
      expect(await until(async () => (await stored()).length === totals.length)).toBe(true);
      expect((await stored()).map((r) => r.kind)).toEqual(['normal', 'normal', 'glitch', 'normal', 'normal']);
      const [day] = await t.deps.db.select().from(dailyUsage).where(eq(dailyUsage.servicePointId, spiking.id));
      expect(day?.usage).toBe('3.000000');
      const alerts = await t.deps.db
        .select()
        .from(systemAlerts)
        .where(and(eq(systemAlerts.servicePointId, spiking.id), isNull(systemAlerts.resolvedAt)));
      expect(alerts.map((a) => a.kind)).toEqual(['meterGlitch']);
      await g.stop();
    } finally {
      await t.close();
    }
  });

  it('echoes in each refusal notice the msgId, at and total the meter sent, whether refused at the edge or by the server', async () => {
    const t = await createTestApp();
    const known = await buildMeter(t.deps.db, { deviceTypeId: 6, deviceKey: `dk-${run}-echo` });
    const nobody = `dk-${run}-echo-nobody`;
    const notices: Record<string, unknown>[] = [];
    const listening = await mqtt.connectAsync(url, { protocolVersion: 5 });
    await listening.subscribeAsync([topics.refused(known.deviceKey), topics.refused(nobody)], { qos: 1 });
    listening.on('message', (_topic, payload) =>
      notices.push(JSON.parse(payload.toString()) as Record<string, unknown>),
    );
    const g = gateway('echo');
    try {
      await g.start(deviceEvents(t.deps, silent));
      const ahead = new Date(Date.now() + 3_600_000).toISOString();
      await publish(topics.reading(known.deviceKey), `{"total":"12.5","at":"${ahead}","msgId":"r-17"}`);
      await publish(topics.reading(known.deviceKey), '{"total":-4,"at":1795471200000,"msgId":18}');
      await publish(topics.heartbeat(known.deviceKey), '{"at":"soon","msgId":"hb-1"}');
      await publish(topics.reading(known.deviceKey), '{"total":"1","at":"2026-11-23T20:14:00Z","msgId":""}');
      await publish(topics.reading(nobody), '{"total":"7.25","at":"2026-11-23T20:14:00Z","msgId":"r-20"}');
      expect(await until(() => notices.length === 5)).toBe(true);
      const echoed = notices.map(({ reason, msgId, message }) => ({ reason, msgId, message }));
      expect(echoed).toEqual(
        expect.arrayContaining([
          { reason: 'clockAhead', msgId: 'r-17', message: { at: ahead, total: '12.5' } },
          { reason: 'outOfRange', msgId: 18, message: { at: 1795471200000, total: -4 } },
          { reason: 'badTimestamp', msgId: 'hb-1', message: { at: 'soon' } },
          // a malformed msgId makes the message malformed, and is not echoed
          { reason: 'malformed', msgId: undefined, message: { at: '2026-11-23T20:14:00Z', total: '1' } },
          // refused by the server, after the edge took it
          { reason: 'unknownMeter', msgId: 'r-20', message: { at: '2026-11-23T20:14:00Z', total: '7.25' } },
        ]),
      );
      for (const n of notices) expect(refusalMessage.safeParse(n).success).toBe(true);
    } finally {
      await listening.endAsync();
      await g.stop();
      await t.close();
    }
  });

  it('stores what it received before it disconnects when stopped', async () => {
    const deviceKey = `dk-${run}-stop`;
    const { got, events } = recorder();
    const g = gateway('stop');
    await g.start(events);
    await publish(topics.reading(deviceKey), reading('7'));
    // Delivered within this pause, well inside the one-second window of a batch.
    await new Promise((r) => setTimeout(r, 200));
    expect(got.readings).toEqual([]);
    await g.stop();
    expect(got.readings.filter((r) => r.deviceKey === deviceKey).map((r) => r.total)).toEqual(['7']);
  });

  it('gets again, after a kill -9 and a restart, a message it received but had not stored', async () => {
    const deviceKey = `dk-${run}-crash`;
    const name = 'crash';
    const shareGroup = `test-${run}-${name}`;
    const clientId = `portal-test-${run}-${name}`;
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'src/test/mqtt-instance.ts', url, clientId, shareGroup, topics.prefix],
      { cwd: join(import.meta.dirname, '../..'), stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    expect(await until(() => output.includes('ready'), 20_000)).toBe(true);
    await publish(topics.reading(deviceKey), reading('3.25'));
    expect(await until(() => output.includes(`received ${deviceKey}`))).toBe(true);
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));

    const { got, events } = recorder();
    const again = gateway(name, shareGroup);
    await again.start(events);
    expect(await until(() => got.readings.some((r) => r.deviceKey === deviceKey))).toBe(true);
    expect(got.readings.find((r) => r.deviceKey === deviceKey)?.total).toBe('3.25');
    await again.stop();
  }, 60_000);

  it('shares messages among the instances of its group; another group on the same topics has every message too', async () => {
    const deviceKey = `dk-${run}-share`;
    const [a, b, other] = [recorder(), recorder(), recorder()];
    const gateways = [
      gateway('share-a', `test-${run}-share`),
      gateway('share-b', `test-${run}-share`),
      gateway('other'),
    ];
    await gateways[0]!.start(a.events);
    await gateways[1]!.start(b.events);
    await gateways[2]!.start(other.events);
    const totals = Array.from({ length: 20 }, (_, i) => String(i + 1));
    for (const total of totals) await publish(topics.reading(deviceKey), reading(total));
    const mine = (got: Got) => got.readings.filter((r) => r.deviceKey === deviceKey).map((r) => r.total);
    expect(await until(() => mine(other.got).length === 20)).toBe(true);
    expect(await until(() => mine(a.got).length + mine(b.got).length === 20)).toBe(true);
    expect([...mine(a.got), ...mine(b.got)].sort((x, y) => Number(x) - Number(y))).toEqual(totals);
    for (const g of gateways) await g.stop();
  });

  it('serves two deployments on one broker, each under its own topic prefix: neither takes, refuses or commands the other’s meters', async () => {
    // the same device key in both deployments, as a staging copy of production's database has
    const deviceKey = `dk-${run}-twice`;
    const [production, staging] = [meterTopics(`prod-${run}/meters`), meterTopics(`staging-${run}`)];
    const [p, s] = [recorder(), recorder()];
    const gateways = [gateway('prod', undefined, production.prefix), gateway('staging', undefined, staging.prefix)];
    await gateways[0]!.start(p.events);
    await gateways[1]!.start(s.events);
    // production's meter: it hears its commands and refusals, wherever they come from
    const heard: string[] = [];
    const listening = await mqtt.connectAsync(url, { protocolVersion: 5 });
    await listening.subscribeAsync([production.command(deviceKey), production.refused(deviceKey)], { qos: 1 });
    listening.on('message', (topic, payload) => heard.push(`${topic} ${payload.toString()}`));
    try {
      await publish(production.reading(deviceKey), reading('5'));
      await publish(production.reading(deviceKey), 'not json');
      await gateways[1]!.send({ messageId: 7, deviceKey, capabilityId: null, requestedState: 0 });
      await gateways[0]!.send({ messageId: 8, deviceKey, capabilityId: null, requestedState: 1 });
      expect(await until(() => p.got.readings.length === 1 && heard.length === 2)).toBe(true);
      await new Promise((r) => setTimeout(r, 1_500)); // a batch window more, for anything staging would do
      expect(p.got.readings.map((r) => [r.deviceKey, r.total])).toEqual([[deviceKey, '5']]);
      expect(p.got.refusals.map((r) => r.reason)).toEqual(['malformed']);
      expect(s.got).toEqual({ acks: [], readings: [], beats: [], statuses: [], refusals: [] });
      expect(heard.sort()).toEqual([
        `${production.command(deviceKey)} {"messageId":8,"capabilityId":null,"requestedState":1}`,
        expect.stringMatching(new RegExp(`^${production.refused(deviceKey)} \\{"reason":"malformed"`)),
      ]);
    } finally {
      await listening.endAsync();
      for (const g of gateways) await g.stop();
    }
  });

  it("runs the simulated fleet (npm run simulate) under the deployment's topics: it answers its commands and reports to it", async () => {
    const deployment = meterTopics(`fleet-${run}/meters`);
    const deviceKey = `dk-${run}-simulated`;
    const { got, events } = recorder();
    const g = gateway('fleet', undefined, deployment.prefix);
    await g.start(events);
    const fleetClient = await mqtt.connectAsync(url, { protocolVersion: 5 });
    try {
      const fleet = await fleetOnBroker(fleetClient, deployment, { speed: 10, answerDelayMs: [0, 0] });
      fleet.add([{ deviceKey, unit: 'kWh', milli: 1_000, on: false, behaviour: 'answers', utcOffsetHours: 0 }]);
      await g.send({ messageId: 31, deviceKey, capabilityId: null, requestedState: 1 });
      expect(await until(() => got.acks.length === 1)).toBe(true);
      expect(got.acks[0]).toMatchObject({ deviceKey, messageId: 31, resultCode: 0 });
      fleet.tick(undefined, new Date(Date.now() + 60_000));
      fleet.heartbeat();
      // the fleet's own timer may report too meanwhile: at least the tick's reading and the beat
      expect(await until(() => got.readings.length >= 1 && got.beats.length >= 1)).toBe(true);
      expect(got.readings[0]!.deviceKey).toBe(deviceKey);
      fleet.stop();
    } finally {
      await fleetClient.endAsync();
      await g.stop();
    }
  });

  it("reads the broker's count of dropped messages, and the portal raises an alert when it grows", async () => {
    const t = await createTestApp({}, gateway('drops', undefined, undefined, '$SYS/broker/publish/messages/dropped'));
    const count = () => t.deps.devices.status().brokerDropped?.count;
    let sleepers = 0;
    /**
     * A session that is away, and more QoS 1 messages for it than the broker queues for one client
     * (max_queued_messages: Mosquitto's default, 1,000, which Debian keeps): 500 or more are dropped.
     */
    const dropSome = async () => {
      const sleeper = `portal-test-${run}-sleeper-${++sleepers}`;
      clientIds.push(sleeper);
      const away = await mqtt.connectAsync(url, {
        protocolVersion: 5,
        clientId: sleeper,
        clean: false,
        properties: { sessionExpiryInterval: 600 },
      });
      await away.subscribeAsync(`test-${run}/${sleeper}`, { qos: 1 });
      await away.endAsync();
      await Promise.all(Array.from({ length: 1_500 }, (_, i) => publish(`test-${run}/${sleeper}`, String(i))));
    };
    try {
      // Mosquitto publishes its count when it changed (every sys_interval, 10 s), and keeps it for a
      // new subscriber for a minute; the portal counts each as it is read
      const counted = async () => (await lastBrokerDropped(t.deps.db))?.count;
      await new Promise((r) => setTimeout(r, 1_000));
      if (count() === undefined) await dropSome();
      expect(await until(async () => count() !== undefined && (await counted()) === count(), 30_000)).toBe(true);
      const before = count()!;
      await dropSome();
      const alerted = async () => {
        const [alert] = await t.deps.db.select().from(systemAlerts).where(eq(systemAlerts.kind, 'brokerDropped'));
        return alert;
      };
      // the broker's count since it started, the first read included, and then 500 or more
      expect(await until(async () => Number((await alerted())?.params.dropped) >= before + 500, 30_000)).toBe(true);
      expect(await alerted()).toMatchObject({ siteId: null, servicePointId: null, resolvedAt: null });
      const health = await t.call<{ devices: { brokerDropped: { count: number } } }>({ url: '/api/health' });
      expect(health.body.result.devices.brokerDropped.count).toBe(count());
    } finally {
      await t.close();
    }
  }, 90_000);
});
