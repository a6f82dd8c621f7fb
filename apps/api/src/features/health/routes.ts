import type { FastifyInstance } from 'fastify';
import { api, PRODUCT_VERSION } from '@portal/contract';
import { defineRoute } from '../../lib/route';

export default async function healthRoutes(app: FastifyInstance) {
  defineRoute(app, api.health.health, async ({ deps }) => {
    const dbOk = await deps.database.ping();
    const { brokerDropped, ...devices } = deps.devices.status();
    return {
      status: dbOk && devices.ok ? ('ok' as const) : ('degraded' as const),
      version: PRODUCT_VERSION,
      database: { ok: dbOk, driver: deps.database.driver },
      devices: {
        ...devices,
        brokerDropped: brokerDropped && { count: brokerDropped.count, at: brokerDropped.at.toISOString() },
      },
      uptimeSeconds: Math.round(process.uptime()),
    };
  });
}
