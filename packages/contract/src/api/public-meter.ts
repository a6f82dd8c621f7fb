import { meterHostInfo, meterLookupQuery, meterLookupResult } from '../public-meter';
import { call } from './call';
import { routes } from './routes';

const tags = ['Public meter'];

export const publicMeterCalls = {
  lookUp: call({
    ...routes.publicMeter.lookUp,
    summary: 'Public meter page: summary and the 30 most recent readings of a location’s electric meter',
    tags,
    access: 'public',
    rateLimit: 30,
    query: meterLookupQuery,
    result: meterLookupResult,
  }),

  host: call({
    ...routes.publicMeter.host,
    summary: 'Whether the portal was reached through the meter-check host name (then every page is the meter lookup)',
    tags,
    access: 'public',
    rateLimit: 120,
    result: meterHostInfo,
  }),
};
