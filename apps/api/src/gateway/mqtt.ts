import type { FastifyBaseLogger } from 'fastify';
import mqtt, { type MqttClient } from 'mqtt';
import type { RefusalNotice } from '@portal/contract';
import type { DeviceEvents, DeviceGateway, GatewayStatus } from './gateway';
import { watchBrokerDrops, type BrokerWatch } from './broker-watch';
import { holdAcknowledgements } from './held-acks';
import { inboundOf } from './inbound';
import { Inbox } from './inbox';
import { meterTopics } from './topics';

export type MqttSettings = {
  url: string;
  clientId: string;
  shareGroup: string;
  /** How long the broker keeps the instance's session (its subscription and the messages queued for it) while it is away. */
  sessionExpirySeconds: number;
  /** The deployment's topics are `{topicPrefix}/{deviceKey}/…`: it subscribes and publishes under them only. */
  topicPrefix: string;
  /** Where the broker publishes its count of dropped messages; null: not watched. */
  droppedTopic: string | null;
  clockSkewSeconds: number;
};

/** Messages the broker may send before the first is acknowledged: two batches, one being stored while the next arrives. */
const RECEIVE_MAXIMUM = 2_000;
/** How long a stopping instance keeps trying to store what it received. */
const DRAIN_MS = 10_000;

/**
 * Meters on an MQTT broker. The instance keeps one persistent session (its client id, clean
 * start off): what the broker delivered and the instance did not acknowledge is delivered
 * again after a restart, and a message is acknowledged only once it is stored. Each message
 * is checked on its own; readings, heartbeats and statuses are stored in batches of up to a
 * second, and why a message was refused is published back to its meter.
 */
export function createMqttGateway(settings: MqttSettings, log: FastifyBaseLogger): DeviceGateway {
  let client: MqttClient | undefined;
  let inbox: Inbox | undefined;
  let drops: BrokerWatch | undefined;
  const where = redact(settings.url);
  const topics = meterTopics(settings.topicPrefix);

  return {
    async start(events: DeviceEvents) {
      // Handlers are in place before the broker can hand over the session's waiting messages.
      const c = mqtt.connect(settings.url, {
        protocolVersion: 5,
        clientId: settings.clientId,
        clean: false,
        reconnectPeriod: 2_000,
        properties: { sessionExpiryInterval: settings.sessionExpirySeconds, receiveMaximum: RECEIVE_MAXIMUM },
      });
      client = c;
      const taking = new Inbox({
        events,
        log,
        windowMs: 1_000,
        maxBatch: RECEIVE_MAXIMUM / 2,
        retryMs: 2_000,
        // The meter (or its maker's tools) learns why: {prefix}/{deviceKey}/refused.
        refused: (refusals) => {
          for (const r of refusals)
            c.publish(
              topics.refused(r.deviceKey),
              JSON.stringify({ reason: r.reason, at: r.at.toISOString(), ...r.echo } satisfies RefusalNotice),
              {
                qos: 1,
              },
            );
        },
      });
      inbox = taking;
      const acks = holdAcknowledgements(c);
      c.on('message', (topic, payload, packet) => {
        const acknowledge = acks.releaser(packet.messageId);
        const parsed = topics.parse(topic);
        // an empty retained message clears a status the broker kept: the meter said nothing
        if (!parsed || (parsed.kind === 'status' && !payload.length)) return acknowledge();
        // Not taken while stopping: left unacknowledged, the broker delivers it again.
        taking.take(
          inboundOf({ ...parsed, payload: payload.toString('utf8') }, new Date(), settings.clockSkewSeconds * 1000),
          acknowledge,
        );
      });
      c.on('error', (err) => log.error({ err }, 'mqtt gateway error'));
      c.on('disconnect', (packet) => {
        // 0x8E: another connection took this client id over (two instances configured alike).
        if (packet.reasonCode === 0x8e)
          log.error({ clientId: settings.clientId }, 'mqtt: another connection uses this MQTT_CLIENT_ID');
      });
      const connack = await firstConnection(c);
      await c.subscribeAsync(topics.fromMeters(settings.shareGroup), { qos: 1 });
      if (settings.droppedTopic)
        drops = watchBrokerDrops(settings.url, `${settings.clientId}-drops`, settings.droppedTopic, log, () => {
          // counted at once: an instance that is up only briefly (restarting) still counts what it read
          events.brokerDropped?.().catch((err: unknown) => log.error({ err }, 'counting dropped messages failed'));
        });
      log.info(
        {
          url: where,
          clientId: settings.clientId,
          shareGroup: settings.shareGroup,
          topicPrefix: settings.topicPrefix,
          sessionPresent: connack.sessionPresent,
        },
        'mqtt device gateway connected',
      );
    },
    async stop() {
      const left = await inbox?.drain(DRAIN_MS);
      if (left) log.warn({ left }, 'mqtt: stopping with messages not stored; the broker delivers them again');
      await client?.endAsync();
      await drops?.stop();
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
      // the broker's address and user stay in the log: /api/health is public
      return {
        ok: connected,
        kind: 'mqtt',
        detail: connected ? 'connected' : 'disconnected',
        brokerDropped: drops?.dropped() ?? null,
      };
    },
  };
}

/** The first CONNACK; when the first attempt fails, the client is ended and the error thrown. */
function firstConnection(client: MqttClient): Promise<{ sessionPresent: boolean }> {
  return new Promise((resolve, reject) => {
    const failed = (err: Error) => {
      client.off('connect', connected);
      client.end(true);
      reject(err);
    };
    const connected = (connack: { sessionPresent: boolean }) => {
      client.off('error', failed);
      resolve(connack);
    };
    client.once('connect', connected);
    client.once('error', failed);
  });
}

/** A broker URL without its password, for logs and the health answer. */
function redact(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}
