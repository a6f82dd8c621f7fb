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
export type DeviceReading = { deviceKey: string; readAt: Date; total: string };
export type DeviceHeartbeat = { deviceKey: string; at: Date };

/** What the gateway hands to the server as devices speak. */
export type DeviceEvents = {
  acks(acks: DeviceAck[]): Promise<void>;
  readings(readings: DeviceReading[]): Promise<void>;
  heartbeats(beats: DeviceHeartbeat[]): Promise<void>;
};

export type GatewayStatus = { ok: boolean; kind: 'simulated' | 'mqtt'; detail: string };

export type DeviceGateway = {
  start(events: DeviceEvents): Promise<void>;
  stop(): Promise<void>;
  send(command: DeviceCommand): Promise<void>;
  status(): GatewayStatus;
};
