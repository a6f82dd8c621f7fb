import { z } from 'zod';
import { systemAlert } from '../alerts';
import { dashboardStats, realtimeStats, siteUsageSeries, usageChartQuery } from '../dashboard';
import { Permission } from '../roles';
import { featureCalls } from './call';
import { routes } from './routes';

const defaults = { tags: ['Dashboard'], access: { anyOf: [Permission.Dashboard] } } as const;

export const dashboardCalls = featureCalls(routes.dashboard, defaults, {
  realtime: {
    summary: 'kWh metered, lbs of CO2 saved and dollars recaptured, over the properties the caller sees',
    result: realtimeStats,
  },

  alerts: {
    summary: 'Open system alerts of the properties the caller sees: each a kind (message code) with its parameters',
    result: z.array(systemAlert),
  },

  stats: {
    summary: 'Counts of active, in-use and out-of-service locations and missing devices',
    result: dashboardStats,
  },

  usageByProperty: {
    summary: 'Daily kWh and gallons of each property over the last days (30 by default)',
    query: usageChartQuery,
    result: z.array(siteUsageSeries),
  },
});
