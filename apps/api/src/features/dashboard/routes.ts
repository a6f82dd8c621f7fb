import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  CO2_LBS_SAVED_PER_KWH,
  type AlertKind,
  dashboardStats,
  Permission,
  realtimeStats,
  siteUsageSeries,
  systemAlert,
  usageChartQuery,
} from '@portal/contract';
import { groupBy } from '../../lib/group';
import { defineRoute } from '../../lib/route';
import { scopeOf } from '../auth/scope';
import { listVisible } from '../sites/service';
import { openAlerts, usageByDay, usageTotals } from './queries';

const tags = ['Dashboard'];
const dashboard = { anyOf: [Permission.Dashboard] } as const;
const cents = (n: number) => Math.round(n * 100) / 100;

export default async function dashboardRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: 'GET',
    url: '/api/GetRealtimeStats',
    summary: 'kWh metered, lbs of CO2 saved and dollars recaptured, over the properties the caller sees',
    tags,
    access: dashboard,
    result: realtimeStats,
    handler: async ({ deps, user }) => {
      const { kwh, billed } = await usageTotals(deps.db, scopeOf(user));
      return { totalKwh: cents(kwh), cO2: cents(kwh * CO2_LBS_SAVED_PER_KWH), billed: cents(billed) };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/GetSystemAlerts',
    summary: 'Open system alerts of the properties the caller sees: each a kind (message code) with its parameters',
    tags,
    access: dashboard,
    result: z.array(systemAlert),
    handler: async ({ deps, user }) =>
      (await openAlerts(deps.db, scopeOf(user))).map((a) => {
        const kind = a.kind as AlertKind;
        const params = { ...a.params, meter: a.meter, location: a.location, site: a.site };
        return {
          alertID: a.id,
          kind,
          params,
          siteID: a.site_id,
          timeZone: a.time_zone,
          createdAt: new Date(a.created_at).toISOString(),
        };
      }),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/Report/DashboardStats',
    summary: 'Counts of active, in-use and out-of-service locations and missing devices',
    tags,
    access: dashboard,
    result: dashboardStats,
    handler: async ({ deps, user }) => {
      const sites = await listVisible(deps, user);
      const sum = (pick: (s: (typeof sites)[number]) => number) => sites.reduce((n, s) => n + pick(s), 0);
      return {
        activeLocations: sum((s) => s.activeLocations),
        inUseLocations: sum((s) => s.inUseLocations),
        outOfServiceLocations: sum((s) => s.outOfServiceLocations),
        missingDevices: sum((s) => s.missingDevices),
      };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/Dashboard/UsageBySite',
    summary: 'Daily kWh and gallons of each property over the last days (30 by default)',
    tags,
    access: dashboard,
    query: usageChartQuery,
    result: z.array(siteUsageSeries),
    handler: async ({ deps, user, query }) => {
      const found = await usageByDay(deps.db, scopeOf(user), query.days, deps.now());
      return [...groupBy(found, (r) => r.site_id)].map(([siteID, list]) => ({
        siteID,
        siteName: list[0]!.site_name,
        days: list.map((r) => ({ day: r.day, kwh: cents(Number(r.kwh)), gallons: cents(Number(r.gallons)) })),
      }));
    },
  });
}
