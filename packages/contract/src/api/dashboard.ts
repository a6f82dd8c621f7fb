import { z } from 'zod';
import { systemAlert } from '../alerts';
import { dashboardStats, realtimeStats, siteUsageSeries, usageChartQuery } from '../dashboard';
import { Permission } from '../roles';
import { call } from './call';
import { routes } from './routes';

const tags = ['Dashboard'];

const dashboard = { anyOf: [Permission.Dashboard] } as const;

export const dashboardCalls = {
  realtime: call({
    ...routes.dashboard.realtime,
    summary: 'kWh metered, lbs of CO2 saved and dollars recaptured, over the properties the caller sees',
    tags,
    access: dashboard,
    result: realtimeStats,
  }),

  alerts: call({
    ...routes.dashboard.alerts,
    summary: 'Open system alerts of the properties the caller sees: each a kind (message code) with its parameters',
    tags,
    access: dashboard,
    result: z.array(systemAlert),
  }),

  stats: call({
    ...routes.dashboard.stats,
    summary: 'Counts of active, in-use and out-of-service locations and missing devices',
    tags,
    access: dashboard,
    result: dashboardStats,
  }),

  usageByProperty: call({
    ...routes.dashboard.usageByProperty,
    summary: 'Daily kWh and gallons of each property over the last days (30 by default)',
    tags,
    access: dashboard,
    query: usageChartQuery,
    result: z.array(siteUsageSeries),
  }),
};
