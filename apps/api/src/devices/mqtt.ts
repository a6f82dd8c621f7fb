import type { FastifyBaseLogger } from 'fastify';
import mqtt, { type MqttClient } from 'mqtt';
import type { DeviceAck, DeviceEvents, DeviceGateway, DeviceHeartbeat, DeviceReading, GatewayStatus } from './gateway';
import { ackPayload, heartbeatPayload, parseTopic, readingPayload, topics } from './topics';

const FLUSH_MS = 1_000;

/**
 * Meters on an MQTT broker. Readings and heartbeats are gathered for a second and handed
 * over as one batch; acknowledgements at once.
 */
export function createMqttGateway(url: string, log: FastifyBaseLogger): DeviceGateway {
  let client: MqttClient | undefined;
  let flushTimer: NodeJS.Timeout | undefined;
  let readings: DeviceReading[] = [];
  let beats: DeviceHeartbeat[] = [];

  return {
    async start(events: DeviceEvents) {
      client = await mqtt.connectAsync(url, {
        protocolVersion: 5,
        clean: true,
        reconnectPeriod: 2_000,
        clientId: `portal-${process.pid}-${Date.now()}`,
      });
      client.on('error', (err) => log.error({ err }, 'mqtt gateway error'));
      client.on('message', (topic, payload) => {
        const parsed = parseTopic(topic);
        if (!parsed) return;
        try {
          const body: unknown = JSON.parse(payload.toString('utf8'));
          if (parsed.kind === 'ack') {
            const a = ackPayload.parse(body);
            const ack: DeviceAck = {
              messageId: a.messageId,
              deviceKey: parsed.deviceKey,
              resultCode: a.resultCode,
              at: a.at ? new Date(a.at) : new Date(),
            };
            events.acks([ack]).catch((err: unknown) => log.error({ err }, 'storing an acknowledgement failed'));
          } else if (parsed.kind === 'reading') {
            const r = readingPayload.parse(body);
            readings.push({ deviceKey: parsed.deviceKey, readAt: new Date(r.at), total: r.total });
          } else if (parsed.kind === 'heartbeat') {
            const h = heartbeatPayload.parse(body);
            beats.push({ deviceKey: parsed.deviceKey, at: h.at ? new Date(h.at) : new Date() });
          }
        } catch (err) {
          log.warn({ err, topic }, 'ignored a malformed device message');
        }
      });
      await client.subscribeAsync(topics.fromMeters, { qos: 1 });
      flushTimer = setInterval(() => {
        const r = readings;
        const b = beats;
        readings = [];
        beats = [];
        if (r.length) events.readings(r).catch((err: unknown) => log.error({ err }, 'storing readings failed'));
        if (b.length) events.heartbeats(b).catch((err: unknown) => log.error({ err }, 'storing heartbeats failed'));
      }, FLUSH_MS);
      flushTimer.unref();
      log.info({ url: redact(url) }, 'mqtt device gateway connected');
    },
    async stop() {
      if (flushTimer) clearInterval(flushTimer);
      await client?.endAsync();
    },
    async send(command) {
      if (!client) throw new Error('the MQTT gateway is not started');
      const payload = JSON.stringify({
        messageId: command.messageId,
        capabilityId: command.capabilityId,
        requestedState: command.requestedState,
      });
      await client.publishAsync(topics.command(command.deviceKey), payload, { qos: 1 });
    },
    status(): GatewayStatus {
      const connected = client?.connected ?? false;
      return { ok: connected, kind: 'mqtt', detail: connected ? `connected to ${redact(url)}` : 'disconnected' };
    },
  };
}

/** A broker URL without its password, for logs and the health answer. */
function redact(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}
