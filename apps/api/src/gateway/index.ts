import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { DeviceGateway } from './gateway';
import { createMqttGateway } from './mqtt';
import { createSimulatedGateway } from './simulated';

/** The simulated fleet by default; meters on an MQTT broker when MQTT_URL is set. */
export function createGateway(config: Config, db: Db, log: FastifyBaseLogger): DeviceGateway {
  const { clockSkewSeconds } = config;
  const { url, ...mqtt } = config.mqtt;
  if (url) return createMqttGateway({ url, ...mqtt, clockSkewSeconds }, log);
  return createSimulatedGateway(db, log, config.simulator, clockSkewSeconds);
}
