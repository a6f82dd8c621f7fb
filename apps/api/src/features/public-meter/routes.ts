import type { FastifyInstance } from 'fastify';
import { api } from '@portal/contract';
import { defineRoute } from '../../lib/route';
import { isMeterHost, lookUpMeter } from './service';

export default async function publicMeterRoutes(app: FastifyInstance) {
  defineRoute(app, api.publicMeter.lookUp, ({ deps, query }) => lookUpMeter(deps.db, query.name));

  defineRoute(app, api.publicMeter.host, async ({ deps, req }) => ({
    meterHost: isMeterHost(deps.config.meterHost, req.host, req.hostname),
  }));
}
