import type { FastifyBaseLogger } from 'fastify';
import mqtt, { type MqttClient } from 'mqtt';
import type { BrokerDropped } from './gateway';

export type BrokerWatch = { dropped(): BrokerDropped | null; stop(): Promise<void> };

/**
 * Reads the broker's count of dropped messages from its system topics (Mosquitto:
 * `$SYS/broker/publish/messages/dropped`; a filter with `+` adds up one count a node, as
 * EMQX publishes them) on a connection of its own, so that the count is not queued behind
 * the readings of an instance that falls behind, which is when the broker drops them.
 * Mosquitto publishes the count as text once it is above 0 and whenever it changes, and keeps
 * the latest for a new subscriber.
 */
export function watchBrokerDrops(url: string, clientId: string, topic: string, log: FastifyBaseLogger): BrokerWatch {
  const counts = new Map<string, number>();
  let latest: BrokerDropped | null = null;
  const client: MqttClient = mqtt.connect(url, { protocolVersion: 5, clientId, clean: true, reconnectPeriod: 2_000 });
  client.on('message', (from, payload) => {
    const count = Number(payload.toString('utf8').trim());
    if (!Number.isSafeInteger(count) || count < 0) return;
    counts.set(from, count);
    latest = { topic, count: [...counts.values()].reduce((a, b) => a + b, 0), at: new Date() };
  });
  client.on('error', (err) => log.warn({ err }, 'mqtt: the watch of dropped messages failed'));
  // mqtt.js subscribes again by itself after a reconnect
  client.once('connect', () => {
    client.subscribeAsync(topic, { qos: 0 }).then(
      (granted) => {
        if (granted.some((g) => g.qos >= 0x80))
          log.warn({ topic }, 'mqtt: the broker refuses to tell the dropped messages (allow this user to read it)');
      },
      (err: unknown) => log.warn({ err, topic }, 'mqtt: could not subscribe to the dropped messages'),
    );
  });
  return {
    dropped: () => latest,
    stop: () => client.endAsync(),
  };
}
