import type { FastifyBaseLogger } from 'fastify';
import mqtt, { type MqttClient } from 'mqtt';
import type { BrokerDropped } from './gateway';

export type BrokerWatch = { dropped(): BrokerDropped | null; stop(): Promise<void> };

/**
 * Reads the broker's count of dropped messages from its system topics (Mosquitto:
 * `$SYS/broker/publish/messages/dropped`; a filter with `+` adds up one count a node, as
 * EMQX publishes them) on a connection of its own, so that the count is not queued behind
 * the readings of an instance that falls behind, which is when the broker drops them; `read`
 * is called after each.
 * Mosquitto (2.0) publishes the count as text when it changed, every `sys_interval` (10 s), and
 * keeps it about a minute for a new subscriber: an instance that starts later reads none until
 * the next change (the last count stays in the database: features/devices/broker-drops.ts).
 */
export function watchBrokerDrops(
  url: string,
  clientId: string,
  topic: string,
  log: FastifyBaseLogger,
  read: () => void,
): BrokerWatch {
  const counts = new Map<string, number>();
  let latest: BrokerDropped | null = null;
  const client: MqttClient = mqtt.connect(url, { protocolVersion: 5, clientId, clean: true, reconnectPeriod: 2_000 });
  client.on('message', (from, payload) => {
    const count = Number(payload.toString('utf8').trim());
    if (!Number.isSafeInteger(count) || count < 0) return;
    counts.set(from, count);
    latest = { topic, count: [...counts.values()].reduce((a, b) => a + b, 0), at: new Date() };
    read();
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
