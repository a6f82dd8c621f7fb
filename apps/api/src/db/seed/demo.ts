import type { FastifyBaseLogger } from 'fastify';
import { count, sql } from 'drizzle-orm';
import { hashPassword } from '../../features/auth/passwords';
import type { Db } from '../client';
import { sites } from '../schema';
import { insertAlerts } from './demo-alerts';
import { insertFleet, markLeak, planFleet } from './demo-fleet';
import { insertReadings, updateLastReadings, withoutReadingConstraints } from './demo-readings';
import { demoSites, insertBusinesses, insertSites } from './demo-sites';
import { insertStayMeters, insertStays, planStays } from './demo-stays';
import { DAY_MS, DEMO_DAYS, gridFor } from './demo-time';
import { demoAccounts, insertUsers } from './demo-users';
import { rebuildDailyUsage, rebuildHourlyUsage } from './rollup';
import { HOURLY_RETENTION_DAYS } from '../../features/alerts/detection';

export { demoAccounts } from './demo-users';

/**
 * The demo data set, written once: a database that already has a site is left alone.
 * Readings run up to `now` (the quarter hour before it), so the demo always looks live.
 */
export async function seedDemo(db: Db, log: FastifyBaseLogger, now = new Date()): Promise<void> {
  const [existing] = await db.select({ n: count() }).from(sites);
  if (Number(existing?.n) > 0) return;
  const started = Date.now();
  log.info(`seeding the demo data set (${DEMO_DAYS} days of readings; takes a while, once)`);
  const timings: Record<string, number> = {};
  let mark = started;
  const lap = (step: string) => {
    const t = Date.now();
    timings[step] = t - mark;
    mark = t;
  };
  const hashes = await Promise.all(demoAccounts.map((a) => hashPassword(a.password)));
  const grid = gridFor(now);
  const fleet = planFleet();
  const stayPlan = planStays(grid, fleet);
  markLeak(fleet, stayPlan.segments, grid.lastSlot);
  lap('plan');
  const readings = await db.transaction(async (tx) => {
    const beIds = await insertBusinesses(tx);
    const siteIds = await insertSites(tx, beIds);
    await insertUsers(
      tx,
      beIds[0]!,
      siteIds.filter((_, i) => demoSites[i]!.managerAssigned),
      hashes,
    );
    const { locationIds, meterIds } = await insertFleet(tx, fleet, siteIds, stayPlan.openStays, now);
    const locationSiteIds = fleet.locations.map((l) => siteIds[l.site]!);
    await insertStays(tx, stayPlan, grid, { locationIds, locationSiteIds, businessIds: beIds });
    lap('sites, users, fleet, stays');
    const n = await withoutReadingConstraints(tx, async () => {
      const inserted = await insertReadings(tx, grid, fleet, stayPlan.segments, meterIds);
      lap('readings');
      return inserted;
    });
    lap('readings keys');
    await tx.execute(sql`analyze meter_readings`);
    await rebuildDailyUsage(tx);
    lap('daily usage');
    await updateLastReadings(tx);
    await insertStayMeters(tx);
    await rebuildHourlyUsage(tx, new Date(now.getTime() - HOURLY_RETENTION_DAYS * DAY_MS));
    lap('hourly usage');
    await insertAlerts(tx, now);
    await tx.execute(
      sql`analyze daily_usage, stays, stay_meters, guests, locations, service_points, service_point_capabilities`,
    );
    lap('stay meters, alerts');
    return n;
  });
  log.info({ ms: Date.now() - started, readings, steps: timings }, 'demo data seeded');
}
