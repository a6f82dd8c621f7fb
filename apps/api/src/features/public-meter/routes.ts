import type { FastifyInstance } from 'fastify';
import { api } from '@portal/contract';
import { defineRoute } from '../../access/route';
import { isMeterHost, lookUpMeter } from './service';

export default async function publicMeterRoutes(app: FastifyInstance) {
  defineRoute(app, api.publicMeter.lookUp, ({ caller, query }) => lookUpMeter(caller.db, query.name));

  defineRoute(app, api.publicMeter.host, async ({ caller, req }) => ({
    meterHost: isMeterHost(caller.config.meterHost, req.host, req.hostname),
  }));
}
