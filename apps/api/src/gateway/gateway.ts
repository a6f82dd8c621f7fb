import type { ConnectionState, RefusalNotice, RefusalReason } from '@portal/contract';

/**
 * The device side: meters that take on/off commands and report readings. The server
 * talks to them through a gateway; the simulated fleet and an MQTT broker are two.
 */

export type DeviceCommand = {
  /** The device control message id: the device echoes it in its acknowledgement. */
  messageId: number;
  deviceKey: string;
  /** The relay to switch, or null for every relay of the meter. */
  capabilityId: number | null;
  requestedState: 0 | 1;
};

export type DeviceAck = { messageId: number; deviceKey: string; resultCode: number; at: Date };
/**
 * What a refusal notice repeats of the message it refuses, as the meter sent it: its msgId,
 * and its `at` and `total` when they could be read. A message carries its own, so that a
 * refusal made of it later, by the server, echoes it too (`refusalOf`).
 */
export type Echo = Pick<RefusalNotice, 'msgId' | 'message'>;
export type DeviceReading = { deviceKey: string; readAt: Date; total: string; echo?: Echo };
export type DeviceHeartbeat = { deviceKey: string; at: Date; echo?: Echo };
/**
 * What a meter said of its connection (its Last Will, published by the broker, says 'offline');
 * `at`: when the server received it.
 */
export type DeviceStatus = { deviceKey: string; state: ConnectionState; at: Date; echo?: Echo };
/** A message refused on its own; `detail` says what was wrong, for the log; `echo` goes into the notice. */
export type DeviceRefusal = { deviceKey: string; reason: RefusalReason; detail: string; at: Date; echo?: Echo };

/** The refusal of a message the gateway handed over (a reading, heartbeat or status), echoing what the meter sent. */
export function refusalOf(
  message: DeviceReading | DeviceHeartbeat | DeviceStatus,
  reason: RefusalReason,
  detail: string,
  at: Date,
): DeviceRefusal {
  return { deviceKey: message.deviceKey, reason, detail, at, ...(message.echo && { echo: message.echo }) };
}

export type DeviceMessageKind = 'ack' | 'reading' | 'heartbeat' | 'status';
/** A message as a meter sends it, not yet checked: the kind its topic names, the meter's key and the JSON text. */
export type DeviceMessage = { kind: DeviceMessageKind; deviceKey: string; payload: string };

/**
 * What the gateway hands to the server as devices speak. Readings, heartbeats and statuses
 * answer the ones the server refused in turn (of device keys no meter has).
 */
export type DeviceEvents = {
  acks(acks: DeviceAck[]): Promise<void>;
  readings(readings: DeviceReading[]): Promise<DeviceRefusal[]>;
  heartbeats(beats: DeviceHeartbeat[]): Promise<DeviceRefusal[]>;
  /** In the order they were received. */
  statuses(statuses: DeviceStatus[]): Promise<DeviceRefusal[]>;
  refusals(refusals: DeviceRefusal[]): Promise<void>;
  /** The broker's dropped count was read (`status().brokerDropped` has it). */
  brokerDropped?(): Promise<unknown>;
};

/** The broker's count of messages it dropped (its queues full), as this instance last read it: `topic` is where. */
export type BrokerDropped = { topic: string; count: number; at: Date };

/** `brokerDropped`: null when the gateway has no broker, or the broker has published no count (yet). */
export type GatewayStatus = {
  ok: boolean;
  kind: 'simulated' | 'mqtt';
  detail: string;
  brokerDropped: BrokerDropped | null;
};

export type DeviceGateway = {
  start(events: DeviceEvents): Promise<void>;
  /** Stores what the gateway has received, then disconnects. */
  stop(): Promise<void>;
  send(command: DeviceCommand): Promise<void>;
  status(): GatewayStatus;
};
