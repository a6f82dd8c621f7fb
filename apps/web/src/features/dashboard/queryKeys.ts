import { routes } from '@portal/contract';
import { keyOf } from '../../lib/api';

/**
 * The dashboard's queries, keyed by their calls in the route table (all start with
 * 'dashboard'). Apart from the hooks: the live updates need only the keys, and the hooks bring
 * the schemas (zod).
 */
export const dashboardKeys = {
  all: [routes.dashboard.realtime.key[0]] as const,
  realtime: keyOf(routes.dashboard.realtime),
  alerts: keyOf(routes.dashboard.alerts),
  counts: keyOf(routes.dashboard.stats),
  usage: keyOf(routes.dashboard.usageByProperty),
};
