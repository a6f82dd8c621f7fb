/**
 * One property of 2,000 locations with 4,000 meters and 90 days of 15-minute readings
 * (34.6 million readings), then the locations table request, usage included, and a 25-row
 * page of it sorted by description (what the web app asks for), each timed 30 times through
 * the real app with the SQL statements of each request counted.
 *
 *   DATABASE_URL=postgres://… npx tsx bench/locations-table.ts [--locations 2000] [--days 90]
 *   npx tsx bench/locations-table.ts --locations 500 --days 30   # PGlite: keep it small
 */
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../apps/api/src/db/client';
import { rebuildDailyUsage } from '../apps/api/src/db/seed/rollup';
import { routes } from '@portal/contract';
import { urlOf } from './http';
import { benchApp, chunks, measure, openBench, schema } from './support';

const { values } = parseArgs({
  options: { locations: { type: 'string', default: '2000' }, days: { type: 'string', default: '90' } },
});
const LOCATIONS = Number(values.locations);
const DAYS = Number(values.days);

async function buildProperty(db: Db): Promise<number> {
  const [business] = await db.insert(schema.businessEntities).values({ legalName: 'Bench Marina Group' }).returning();
  const [site] = await db
    .insert(schema.sites)
    .values({
      busEntityId: business!.id,
      publicName: 'Bench Harbor',
      physicalAddrLine1: '1 Dock Road',
      physicalCity: 'Annapolis',
      physicalZip: '21401',
      physicalStateId: 21,
      physicalCountryId: 236,
      timeZone: 'America/New_York',
    })
    .returning();
  await db.insert(schema.siteSettings).values({ siteId: site!.id, billingRate: '0.15', waterBillingRate: '0.01' });
  const locationIds: number[] = [];
  const rows = Array.from({ length: LOCATIONS }, (_, n) => ({
    siteId: site!.id,
    description: `Slip ${n + 1}`,
    publicName: `BH${n}`,
    isCheckedIn: n % 3 === 0,
  }));
  for (const chunk of chunks(rows)) {
    locationIds.push(
      ...(await db.insert(schema.locations).values(chunk).returning({ id: schema.locations.id })).map((r) => r.id),
    );
  }
  const meters = locationIds.flatMap((locationId, n) => [
    { name: `E${String(n).padStart(6, '0')}`, deviceKey: `dk-E${n}`, deviceTypeId: 6, locationId, slot: 1 },
    { name: `W${String(n).padStart(6, '0')}`, deviceKey: `dk-W${n}`, deviceTypeId: 7, locationId, slot: 2 },
  ]);
  for (const chunk of chunks(meters)) {
    const ids = await db.insert(schema.servicePoints).values(chunk).returning({ id: schema.servicePoints.id });
    await db
      .insert(schema.servicePointCapabilities)
      .values(ids.map((m, i) => ({ servicePointId: m.id, capabilityId: chunk[i]!.deviceTypeId === 6 ? 1 : 4 })));
  }
  return site!.id;
}

/** Cumulative readings every 15 minutes, rising with a daily curve, set-based in the database. */
async function insertReadings(db: Db, siteId: number): Promise<number> {
  const started = performance.now();
  await db.execute(sql`
    insert into meter_readings (service_point_id, read_at, total, is_reset)
    select sp.id, t, round((1000 + k * (0.2 + 0.3 * (1 + sin(k / 96.0 * 2 * pi()))) * (1 + sp.id % 5))::numeric, 3), false
    from service_points sp
    join locations l on l.id = sp.location_id and l.site_id = ${siteId}
    cross join generate_series(0, ${DAYS * 96 - 1}) as k
    cross join lateral (select date_trunc('hour', now()) - (${DAYS * 96 - 1} - k) * interval '15 minutes' as t) ts`);
  const [count] = await rows<{ n: number }>(db, sql`select count(*)::int as n from meter_readings`);
  const n = count!.n;
  const seconds = (performance.now() - started) / 1000;
  console.log(`readings: ${n} in ${seconds.toFixed(1)} s (${Math.round(n / seconds)} rows/s)`);
  return n;
}

async function main() {
  const bench = await openBench();
  try {
    const { app, token } = await benchApp(bench);
    const db = bench.database.db;
    const siteId = await buildProperty(db);
    await insertReadings(db, siteId);
    const rollupStarted = performance.now();
    await rebuildDailyUsage(db);
    await db.execute(sql`analyze`);
    console.log(`daily roll-up rebuilt in ${((performance.now() - rollupStarted) / 1000).toFixed(1)} s`);
    const headers = { authorization: `Bearer ${token}` };
    const m = await measure(
      app,
      { method: 'GET', url: urlOf(routes.locations.table, { siteID: siteId }), headers },
      30,
    );
    const middle = Math.floor(LOCATIONS / 50);
    const page = await measure(
      app,
      { method: 'GET', url: urlOf(routes.locations.page, { siteID: siteId, pageIndex: middle }), headers },
      30,
    );
    const figures = (x: typeof m) =>
      `median ${x.median.toFixed(1)} ms, p95 ${x.p95.toFixed(1)} ms, ${(x.bytes / 1024).toFixed(0)} KiB`;
    console.log(
      [
        `database: ${bench.database.driver}; ${LOCATIONS} locations, ${LOCATIONS * 2} meters, ${DAYS} days`,
        `locations table: ${figures(m)}`,
        `SQL statements per request: ${m.statements.join(', ')} (the caller's session, the scope check, locations, meters, capabilities, usage)`,
        `a 25-row page of it (page ${middle + 1}): ${figures(page)}`,
        `SQL statements per request: ${page.statements.join(', ')} (session, scope, the page's ids and counts, then locations, meters, capabilities, usage of its rows)`,
      ].join('\n'),
    );
    await app.close();
  } finally {
    await bench.close();
  }
}

await main();
