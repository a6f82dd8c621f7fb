import type { FastifyBaseLogger } from 'fastify';
import { count, sql } from 'drizzle-orm';
import { hashPassword } from '../../features/auth/passwords';
import { rows, type Db, type Tx } from '../client';
import { sites } from '../schema';
import { insertAlerts } from './demo-alerts';
import { plantHeldBackReading } from './demo-held-back';
import { insertFleet, planFleet } from './demo-fleet';
import { markLeak } from './demo-leak';
import { insertReadings, updateLastReadings, withoutReadingConstraints } from './demo-readings';
import { demoSites, insertBusinesses, insertSites } from './demo-sites';
import { insertStayMeters, insertStays, planStays } from './demo-stays';
import { DAY_MS, DEMO_DAYS, gridFor, SLOTS_PER_DAY } from './demo-time';
import { demoAccounts, insertUsers } from './demo-users';
import { rebuildDailyUsage, rebuildHourlyUsage } from './rollup';
import { HOURLY_RETENTION_DAYS } from '../../features/alerts/detection';

export { demoAccounts } from './demo-users';

export type DemoOptions = {
  /**
   * Days before now with a reading every quarter hour (at most DEMO_DAYS). The days before
   * keep the readings that open and close their days and stays (docs/decisions/0077-a-compact-demo-every-quarter-hour-of-the-last-8-days-the-old.md, "A
   * compact demo"). By default the days of the hourly roll-up that the alert rules read.
   */
  rawDays?: number;
};

/** The tables that take the bulk of the demo's rows. */
const BULK_TABLES = ['meter_readings', 'daily_usage', 'hourly_usage', 'site_daily_usage'];

/**
 * Empties the bulk tables that are empty already (TRUNCATE gives a table new files in the
 * transaction: with wal_level = minimal, as an embedded database is built (db/prepare.ts),
 * their rows then skip the write-ahead log), and gives the transaction's sorts and hashes room.
 */
async function newBulkTables(tx: Tx): Promise<void> {
  for (const table of BULK_TABLES) {
    const [row] = await rows<{ empty: boolean }>(
      tx,
      sql`select not exists (select 1 from ${sql.identifier(table)}) as empty`,
    );
    if (row?.empty) await tx.execute(sql`truncate ${sql.identifier(table)}`);
  }
  await tx.execute(sql`set local work_mem = '64MB'`);
}

/** The advisory lock the demo's transaction takes (with the database's name), as the migrations take theirs (db/client.ts). */
const DEMO_LOCK = 7_311_007;

const hasSites = async (q: Db | Tx) => Number((await q.select({ n: count() }).from(sites))[0]?.n) > 0;

/**
 * The demo data set, written once: a database that already has a site is left alone.
 * Readings run up to `now` (the quarter hour before it), so the demo always looks live.
 * Instances started together seed one at a time, under an advisory lock: the first writes the
 * demo, the others find it there once they have the lock, and start.
 */
export async function seedDemo(
  db: Db,
  log: FastifyBaseLogger,
  now = new Date(),
  { rawDays = HOURLY_RETENTION_DAYS }: DemoOptions = {},
): Promise<void> {
  if (await hasSites(db)) return;
  const started = Date.now();
  log.info(
    `seeding the demo data set (${DEMO_DAYS} days, the last ${Math.min(rawDays, DEMO_DAYS)} every quarter hour)`,
  );
  const timings: Record<string, number> = {};
  let mark = started;
  const lap = (step: string) => {
    const t = Date.now();
    timings[step] = t - mark;
    mark = t;
  };
  const hashes = await Promise.all(demoAccounts.map((a) => hashPassword(a.password)));
  const grid = gridFor(now);
  // an hour more than asked: the hourly roll-up's first hour starts up to an hour before rawDays
  const rawFrom = Math.max(0, grid.lastSlot - rawDays * SLOTS_PER_DAY - 4);
  const fleet = planFleet();
  const stayPlan = planStays(grid, fleet);
  markLeak(fleet, stayPlan.segments, grid.lastSlot);
  lap('plan');
  const readings = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${DEMO_LOCK}, hashtext(current_database()))`);
    if (await hasSites(tx)) return null;
    await newBulkTables(tx);
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
      const inserted = await insertReadings(tx, grid, fleet, stayPlan, meterIds, rawFrom);
      lap('readings');
      return inserted;
    });
    lap('readings keys');
    await tx.execute(sql`analyze meter_readings`);
    // written by the usage rule: a rise over the reading before, nothing at the reset (demo.test.ts)
    await rebuildDailyUsage(tx, { readingsClassified: true });
    lap('daily usage');
    await updateLastReadings(tx);
    await insertStayMeters(tx);
    await rebuildHourlyUsage(tx, new Date(now.getTime() - Math.min(rawDays, HOURLY_RETENTION_DAYS) * DAY_MS));
    lap('hourly usage');
    await insertAlerts(tx, now);
    await plantHeldBackReading(tx);
    await tx.execute(
      sql`analyze daily_usage, stays, stay_meters, guests, locations, service_points, service_point_capabilities`,
    );
    lap('stay meters, alerts');
    return n;
  });
  if (readings === null) log.info('the demo data set was seeded by another instance meanwhile');
  else log.info({ ms: Date.now() - started, readings, steps: timings }, 'demo data seeded');
}
