import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mqtt, { type MqttClient } from 'mqtt';
import pino from 'pino';
import type { DeviceAck, DeviceHeartbeat, DeviceReading } from './gateway';
import { until } from '../test/until';
import { createMqttGateway } from './mqtt';
import { topics } from './topics';

/** The MQTT gateway against a real broker: TEST_MQTT_URL (CI sets it when Mosquitto answers on 127.0.0.1:1883). */
const url = process.env.TEST_MQTT_URL!;
const deviceKey = `dk-test-${process.pid}-${Date.now()}`;

let meter: MqttClient;
const gateway = createMqttGateway(url, pino({ level: 'silent' }));
const got = { acks: [] as DeviceAck[], readings: [] as DeviceReading[], beats: [] as DeviceHeartbeat[] };

beforeAll(async () => {
  await gateway.start({
    acks: async (a) => void got.acks.push(...a),
    readings: async (r) => void got.readings.push(...r),
    heartbeats: async (h) => void got.beats.push(...h),
  });
  meter = await mqtt.connectAsync(url, { protocolVersion: 5 });
});
afterAll(async () => {
  await meter?.endAsync();
  await gateway.stop();
});

describe('MQTT device gateway', () => {
  it('publishes a command to the meter and takes its acknowledgement', async () => {
    const commands: unknown[] = [];
    await meter.subscribeAsync(topics.command(deviceKey), { qos: 1 });
    meter.on('message', (topic, payload) => {
      if (topic !== topics.command(deviceKey)) return;
      const cmd = JSON.parse(payload.toString()) as { messageId: number };
      commands.push(cmd);
      void meter.publishAsync(topics.ack(deviceKey), JSON.stringify({ messageId: cmd.messageId, resultCode: 0 }), {
        qos: 1,
      });
    });
    const started = Date.now();
    await gateway.send({ messageId: 42, deviceKey, capabilityId: null, requestedState: 1 });
    expect(await until(() => got.acks.some((a) => a.messageId === 42))).toBe(true);
    expect(commands).toEqual([{ messageId: 42, capabilityId: null, requestedState: 1 }]);
    expect(got.acks.find((a) => a.messageId === 42)).toMatchObject({ deviceKey, resultCode: 0 });
    console.log(`MQTT command round trip: ${Date.now() - started} ms`);
  });

  it('gathers readings and heartbeats into batches and ignores malformed messages', async () => {
    const at = new Date().toISOString();
    await meter.publishAsync(topics.reading(deviceKey), JSON.stringify({ total: '12.5', at }), { qos: 1 });
    await meter.publishAsync(topics.reading(deviceKey), 'not json', { qos: 1 });
    await meter.publishAsync(topics.heartbeat(deviceKey), JSON.stringify({ at }), { qos: 1 });
    expect(await until(() => got.readings.length > 0 && got.beats.length > 0)).toBe(true);
    expect(got.readings).toEqual([{ deviceKey, readAt: new Date(at), total: '12.5' }]);
    expect(gateway.status()).toMatchObject({ ok: true, kind: 'mqtt' });
  });
});
