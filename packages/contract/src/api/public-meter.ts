import { meterHostInfo, meterLookupQuery, meterLookupResult } from '../public-meter';
import { featureCalls } from './call';
import { routes } from './routes';

const defaults = { tags: ['Public meter'], access: 'public' } as const;

export const publicMeterCalls = featureCalls(routes.publicMeter, defaults, {
  lookUp: {
    summary: 'Public meter page: summary and the 30 most recent readings of a location’s electric meter',
    rateLimit: 30,
    query: meterLookupQuery,
    result: meterLookupResult,
  },

  host: {
    summary: 'Whether the portal was reached through the meter-check host name (then every page is the meter lookup)',
    rateLimit: 120,
    result: meterHostInfo,
  },
});
