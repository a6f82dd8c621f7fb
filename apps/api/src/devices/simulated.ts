import type { FastifyBaseLogger } from 'fastify';
import { count } from 'drizzle-orm';
import type { Db } from '../db/client';
import { servicePoints } from '../db/schema';
import type { DeviceGateway, GatewayStatus } from './gateway';

/** Every meter in the database behaves like a device of this process. */
export function createSimulatedGateway(db: Db, log: FastifyBaseLogger): DeviceGateway {
  let meters = 0;
  let running = false;
  return {
    async start() {
      const [row] = await db.select({ n: count() }).from(servicePoints);
      meters = Number(row?.n ?? 0);
      running = true;
      log.info({ meters }, 'simulated meter fleet started');
    },
    async stop() {
      running = false;
    },
    status(): GatewayStatus {
      return { ok: running, kind: 'simulated', detail: `${meters} simulated meters` };
    },
  };
}
