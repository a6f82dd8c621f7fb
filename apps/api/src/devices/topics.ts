import type { DeviceMessageKind } from './gateway';

/**
 * The MQTT conversation with a meter: the server publishes commands, the meter publishes
 * acknowledgements, readings and heartbeats. JSON payloads (the contract's device-protocol
 * schemas), QoS 1.
 */
export const topics = {
  command: (deviceKey: string) => `meters/${deviceKey}/command`,
  ack: (deviceKey: string) => `meters/${deviceKey}/ack`,
  reading: (deviceKey: string) => `meters/${deviceKey}/reading`,
  heartbeat: (deviceKey: string) => `meters/${deviceKey}/heartbeat`,
  /** Server → meter: why a message of the meter was refused. */
  refused: (deviceKey: string) => `meters/${deviceKey}/refused`,
  /**
   * What the server listens to: shared within the deployment's group, so that each message
   * reaches one of its instances (and another deployment on the broker has its own group).
   */
  fromMeters: (shareGroup: string) => [
    `$share/${shareGroup}/meters/+/ack`,
    `$share/${shareGroup}/meters/+/reading`,
    `$share/${shareGroup}/meters/+/heartbeat`,
  ],
  /** What a fleet of meters listens to. */
  toMeters: 'meters/+/command',
};

/** `meters/{deviceKey}/{kind}` of what meters send → its parts. */
export function parseTopic(topic: string): { deviceKey: string; kind: DeviceMessageKind } | null {
  const m = /^meters\/([^/]+)\/(ack|reading|heartbeat)$/.exec(topic);
  return m ? { deviceKey: m[1]!, kind: m[2] as DeviceMessageKind } : null;
}

/** `meters/{deviceKey}/command` → the device key. */
export function commandTopicKey(topic: string): string | null {
  return /^meters\/([^/]+)\/command$/.exec(topic)?.[1] ?? null;
}
