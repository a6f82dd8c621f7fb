import type { FastifyInstance } from 'fastify';
import { api, CO2_LBS_SAVED_PER_KWH } from '@portal/contract';
import { groupBy } from '../../lib/group';
import { defineRoute } from '../../access/route';
import { scopeOf } from '../../access/scope';
import { listVisible } from '../sites';
import { openAlerts } from '../alerts';
import { usageByDay, usageTotals } from './queries';

const cents = (n: number) => Math.round(n * 100) / 100;

export default async function dashboardRoutes(app: FastifyInstance) {
  defineRoute(app, api.dashboard.realtime, async ({ caller, user }) => {
    const { kwh, billed } = await usageTotals(caller.db, scopeOf(user));
    return { totalKwh: cents(kwh), cO2: cents(kwh * CO2_LBS_SAVED_PER_KWH), billed: cents(billed) };
  });

  defineRoute(app, api.dashboard.alerts, ({ caller }) => openAlerts(caller));

  defineRoute(app, api.dashboard.stats, async ({ caller }) => {
    const sites = await listVisible(caller);
    const sum = (pick: (s: (typeof sites)[number]) => number) => sites.reduce((n, s) => n + pick(s), 0);
    return {
      activeLocations: sum((s) => s.activeLocations),
      inUseLocations: sum((s) => s.inUseLocations),
      outOfServiceLocations: sum((s) => s.outOfServiceLocations),
      missingDevices: sum((s) => s.missingDevices),
    };
  });

  defineRoute(app, api.dashboard.usageByProperty, async ({ caller, user, query }) => {
    const found = await usageByDay(caller.db, scopeOf(user), query.days, caller.now());
    return [...groupBy(found, (r) => r.site_id)].map(([siteID, list]) => ({
      siteID,
      siteName: list[0]!.site_name,
      days: list.map((r) => ({ day: r.day, kwh: cents(Number(r.kwh)), gallons: cents(Number(r.gallons)) })),
    }));
  });
}
