import type { FastifyInstance } from 'fastify';
import { health, PRODUCT_VERSION } from '@portal/contract';
import { defineRoute } from '../../lib/route';

export default async function healthRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: 'GET',
    url: '/api/health',
    summary: 'Database and device gateway state',
    tags: ['Health'],
    access: 'public',
    // a load balancer's probe every few seconds fits; a flood from one address does not
    rateLimit: 120,
    result: health,
    handler: async ({ deps }) => {
      const dbOk = await deps.database.ping();
      const devices = deps.devices.status();
      return {
        status: dbOk && devices.ok ? ('ok' as const) : ('degraded' as const),
        version: PRODUCT_VERSION,
        database: { ok: dbOk, driver: deps.database.driver },
        devices,
        uptimeSeconds: Math.round(process.uptime()),
      };
    },
  });
}
