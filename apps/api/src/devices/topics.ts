import { z } from 'zod';

/**
 * The MQTT conversation with a meter: the server publishes commands, the meter publishes
 * acknowledgements, readings and heartbeats. JSON payloads, QoS 1.
 */
export const topics = {
  command: (deviceKey: string) => `meters/${deviceKey}/command`,
  ack: (deviceKey: string) => `meters/${deviceKey}/ack`,
  reading: (deviceKey: string) => `meters/${deviceKey}/reading`,
  heartbeat: (deviceKey: string) => `meters/${deviceKey}/heartbeat`,
  /** What the server listens to; shared so that each message reaches one instance. */
  fromMeters: ['$share/portal/meters/+/ack', '$share/portal/meters/+/reading', '$share/portal/meters/+/heartbeat'],
  /** What a fleet of meters listens to. */
  toMeters: 'meters/+/command',
};

/** `meters/{deviceKey}/{kind}` → its parts. */
export function parseTopic(topic: string): { deviceKey: string; kind: string } | null {
  const m = /^meters\/([^/]+)\/(command|ack|reading|heartbeat)$/.exec(topic);
  return m ? { deviceKey: m[1]!, kind: m[2]! } : null;
}

export const commandPayload = z.object({
  messageId: z.number().int(),
  capabilityId: z.number().int().nullable(),
  requestedState: z.union([z.literal(0), z.literal(1)]),
});
export const ackPayload = z.object({
  messageId: z.number().int(),
  resultCode: z.number().int(),
  at: z.iso.datetime().optional(),
});
export const readingPayload = z.object({
  total: z.union([z.string(), z.number()]).transform(String),
  at: z.iso.datetime(),
});
export const heartbeatPayload = z.object({ at: z.iso.datetime().optional() });
