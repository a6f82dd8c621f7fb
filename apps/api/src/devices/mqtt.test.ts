import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meterReadings, meterRefusals } from '../db/schema';
import { deviceEvents } from '../features/devices/ingest';
import { buildMeter } from '../test/factories';
import { createTestApp } from '../test/harness';
import { until } from '../test/until';
import type { DeviceAck, DeviceEvents, DeviceGateway, DeviceHeartbeat, DeviceReading, DeviceRefusal } from './gateway';
import { createMqttGateway } from './mqtt';
import { topics } from './topics';

/** The MQTT gateway against a real broker: TEST_MQTT_URL (CI sets it when Mosquitto answers on 127.0.0.1:1883). */
const url = process.env.TEST_MQTT_URL!;
const run = `${process.pid}-${Date.now()}`;
const silent = pino({ level: 'silent' });
/** Client ids of this run: their sessions are removed from the broker at the end. */
const clientIds: string[] = [];

/** Each test's instances have their own group: a stopped instance's session keeps taking its share of the group's messages. */
function gateway(name: string, shareGroup = `test-${run}-${name}`): DeviceGateway {
  const clientId = `portal-test-${run}-${name}`;
  clientIds.push(clientId);
  return createMqttGateway({ url, clientId, shareGroup, sessionExpirySeconds: 600, clockSkewSeconds: 300 }, silent);
}

type Got = { acks: DeviceAck[]; readings: DeviceReading[]; beats: DeviceHeartbeat[]; refusals: DeviceRefusal[] };
function recorder(): { got: Got; events: DeviceEvents } {
  const got: Got = { acks: [], readings: [], beats: [], refusals: [] };
  return {
    got,
    events: {
      acks: async (a) => void got.acks.push(...a),
      readings: async (r) => (got.readings.push(...r), []),
      heartbeats: async (h) => (got.beats.push(...h), []),
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
    expect(g.status()).toEqual({ ok: true, kind: 'mqtt', detail: 'connected' });
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
          told.push(`${topic.split('/')[1]} ${(JSON.parse(payload.toString()) as { reason: string }).reason}`);
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
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/test/mqtt-instance.ts', url, clientId, shareGroup], {
      cwd: join(import.meta.dirname, '../..'),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
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

  it("shares messages among its deployment's instances, not with another deployment on the broker", async () => {
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
});
