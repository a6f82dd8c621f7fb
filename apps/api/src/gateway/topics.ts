import type { DeviceMessageKind } from './gateway';

/** The topics' first levels unless a deployment sets its own (MQTT_TOPIC_PREFIX). */
export const DEFAULT_TOPIC_PREFIX = 'meters';

/** What a meter publishes: each under its own topic. */
const FROM_METERS: DeviceMessageKind[] = ['ack', 'reading', 'heartbeat', 'status'];

export type MeterTopics = ReturnType<typeof meterTopics>;

/**
 * The MQTT conversation with a meter, under one deployment's prefix: the server publishes
 * commands on `{prefix}/{deviceKey}/command`, the meter publishes acknowledgements, readings,
 * heartbeats and its connection's status (retained). JSON payloads (the contract's
 * device-protocol schemas), QoS 1. Another deployment on the same broker has another prefix,
 * and neither hears the other's meters.
 */
export function meterTopics(prefix: string) {
  const of = (kind: string) => (deviceKey: string) => `${prefix}/${deviceKey}/${kind}`;
  /** `{prefix}/{deviceKey}/{kind}` → its device key, or null for any other topic (another prefix, more levels). */
  const keyOf = (topic: string, kind: string): string | null => {
    if (!topic.startsWith(`${prefix}/`) || !topic.endsWith(`/${kind}`)) return null;
    const key = topic.slice(prefix.length + 1, -kind.length - 1);
    return key && !key.includes('/') ? key : null;
  };
  return {
    prefix,
    command: of('command'),
    ack: of('ack'),
    reading: of('reading'),
    heartbeat: of('heartbeat'),
    status: of('status'),
    /** Server → meter: why a message of the meter was refused. */
    refused: of('refused'),
    /**
     * What the server listens to: shared within the deployment's group, so that each message
     * reaches one of its instances.
     */
    fromMeters: (shareGroup: string) => FROM_METERS.map((kind) => `$share/${shareGroup}/${prefix}/+/${kind}`),
    /** What a fleet of meters listens to. */
    toMeters: `${prefix}/+/command`,
    /** A topic of what meters send → its parts; null for anything else. */
    parse(topic: string): { deviceKey: string; kind: DeviceMessageKind } | null {
      for (const kind of FROM_METERS) {
        const deviceKey = keyOf(topic, kind);
        if (deviceKey) return { deviceKey, kind };
      }
      return null;
    },
    /** `{prefix}/{deviceKey}/command` → the device key. */
    commandKey: (topic: string) => keyOf(topic, 'command'),
  };
}
