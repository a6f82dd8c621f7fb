import type { FastifyInstance } from 'fastify';
import { meterHostInfo, meterLookupQuery, meterLookupResult } from '@portal/contract';
import { defineRoute } from '../../lib/route';
import { isMeterHost, lookUpMeter } from './service';

const tags = ['Public meter'];

export default async function publicMeterRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: 'GET',
    url: '/api/Report/GetElectricMeterInformationByLocationPublicName',
    summary: 'Public meter page: summary and the 30 most recent readings of a location’s electric meter',
    tags,
    access: 'public',
    rateLimit: 30,
    query: meterLookupQuery,
    result: meterLookupResult,
    handler: ({ deps, query }) => lookUpMeter(deps.db, query.name),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/PublicMeter/Host',
    summary: 'Whether the portal was reached through the meter-check host name (then every page is the meter lookup)',
    tags,
    access: 'public',
    rateLimit: 120,
    result: meterHostInfo,
    handler: async ({ deps, req }) => ({ meterHost: isMeterHost(deps.config.meterHost, req.host, req.hostname) }),
  });
}
