import type { FastifyInstance } from 'fastify';
import { api, PRODUCT_VERSION } from '@portal/contract';
import { defineRoute } from '../../access/route';
import { lastBrokerDropped } from '../devices';

export default async function healthRoutes(app: FastifyInstance) {
  defineRoute(app, api.health.health, async ({ caller }) => {
    const dbOk = await caller.database.ping();
    const { ok, kind, detail } = caller.devices.status();
    // as counted, not as this instance read it: a restarted instance reads none until the broker's count changes
    const dropped = dbOk ? await lastBrokerDropped(caller.db) : null;
    return {
      status: dbOk && ok ? ('ok' as const) : ('degraded' as const),
      version: PRODUCT_VERSION,
      database: { ok: dbOk, driver: caller.database.driver },
      devices: { ok, kind, detail, brokerDropped: dropped && { count: dropped.count, at: dropped.at.toISOString() } },
      uptimeSeconds: Math.round(process.uptime()),
    };
  });
}
