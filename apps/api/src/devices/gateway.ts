/** The device side: meters that take on/off commands and report readings. */
export type GatewayStatus = { ok: boolean; kind: 'simulated' | 'mqtt'; detail: string };

export type DeviceGateway = {
  start(): Promise<void>;
  stop(): Promise<void>;
  status(): GatewayStatus;
};
