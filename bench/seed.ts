/**
 * Builds the bench data set: properties, locations with an electric and a water meter each,
 * stays and guests, and 15-minute readings written through the devices' ingestion path.
 *
 *   npm run bench:seed -- --sites 50 --locations-per-site 200 --days 90 [--largest 2000]
 *
 * On the PostgreSQL database named by DATABASE_URL (created when missing), or on PGlite
 * under DATA_DIR (default bench/.data), which `npm run bench` then serves. The database must
 * have no properties yet. Without --days: 90 on PostgreSQL, 9 on PGlite (a tenth).
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { count, sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Db } from '../apps/api/src/db/client';
import { createRandom } from '../apps/api/src/db/seed/demo-random';
import { insertStayMeters } from '../apps/api/src/db/seed/demo-stays';
import { freezeStatements } from '../apps/api/src/features/billing/service';
import { seedLookups } from '../apps/api/src/db/seed/lookups';
import { sites } from '../apps/api/src/db/schema';
import { BENCH_DATA_DIR, insertAdministrator, insertFleet } from './seed-fleet';
import { saveResult } from './report';
import { ingestReadings, rate } from './seed-readings';
import { insertStays, occupancyOf, planStays, SLOT_MS, SLOTS_PER_DAY } from './seed-stays';

const { values } = parseArgs({
  options: {
    sites: { type: 'string', default: '50' },
    'locations-per-site': { type: 'string', default: '200' },
    largest: { type: 'string', default: '2000' },
    days: { type: 'string' },
    workers: { type: 'string' },
    'locations-per-batch': { type: 'string', default: '100' },
  },
});

async function main() {
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) await createDatabaseIfMissing(databaseUrl);
  const database = await openDatabase({ databaseUrl, dataDir: BENCH_DATA_DIR });
  const onServer = database.driver === 'postgres';
  const size = {
    sites: Number(values.sites),
    locationsPerSite: Number(values['locations-per-site']),
    largest: Number(values.largest),
    days: Number(values.days ?? (onServer ? 90 : 9)),
  };
  const workers = Number(values.workers ?? (onServer ? 2 : 1));
  const db = database.db;
  try {
    await refuseIfSeeded(db);
    const phases: Record<string, number> = {};
    let mark = performance.now();
    const lap = (phase: string) => {
      const now = performance.now();
      phases[phase] = Math.round(now - mark);
      mark = now;
    };

    await seedLookups(db);
    await insertAdministrator(db);
    const fleet = await insertFleet(db, size);
    lap('fleet');
    const slots = size.days * SLOTS_PER_DAY;
    const grid = { t0: Math.floor(Date.now() / SLOT_MS) * SLOT_MS - (slots - 1) * SLOT_MS, count: slots };
    const plan = planStays(fleet.length, grid, createRandom(2026));
    await insertStays(db, fleet, plan, grid);
    lap('stays');

    const expected = fleet.length * 2 * grid.count;
    console.log(
      `${database.driver}: ${size.sites} properties, ${fleet.length} locations, ${fleet.length * 2} meters, ` +
        `${plan.length} stays; writing ${expected.toLocaleString('en')} readings with ${workers} worker(s)`,
    );
    const started = performance.now();
    let lastReport = started;
    const readings = await ingestReadings(db, fleet, occupancyOf(fleet.length, plan), grid, {
      workers,
      locationsPerBatch: Number(values['locations-per-batch']),
      onProgress(written) {
        if (performance.now() - lastReport < 10_000) return;
        lastReport = performance.now();
        const percent = ((100 * written) / expected).toFixed(1);
        console.log(`  ${written.toLocaleString('en')} readings (${percent} %), ${rate(written, started)} readings/s`);
      },
    });
    const readingsPerSecond = rate(readings, started);
    lap('readings');
    await insertStayMeters(db);
    // The statements check-out freezes, so the portal's catch-up job has none left to do
    const closed = sql`st.id in (select id from stays where checkout_at is not null and statement is null order by id limit 2000)`;
    while ((await freezeStatements(db, closed, new Date())) > 0);
    // What autovacuum does after a bulk load on a server that runs it (some, like CI's, do
    // not): dead row versions of the updated roll-up and meters go, the visibility map is set.
    await db.execute(sql`vacuum (analyze)`);
    lap('stay meters, statements, vacuum');

    const result = {
      driver: database.driver,
      at: new Date().toISOString(),
      size: { ...size, locations: fleet.length, meters: fleet.length * 2, stays: plan.length, readings },
      workers,
      readingsPerSecond,
      phasesMs: phases,
    };
    console.log(
      `${readings.toLocaleString('en')} readings at ${readingsPerSecond} readings/s; phases (ms): ${JSON.stringify(phases)}`,
    );
    saveResult(`seed-${database.driver}`, result);
  } finally {
    await database.close();
  }
}

async function createDatabaseIfMissing(url: string): Promise<void> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  const server = new URL(url);
  server.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: server.toString() });
  await admin.connect();
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (!found.rowCount) await admin.query(`create database "${name.replaceAll('"', '""')}"`);
  } finally {
    await admin.end();
  }
}

async function refuseIfSeeded(db: Db): Promise<void> {
  const [existing] = await db.select({ n: count() }).from(sites);
  if (Number(existing?.n) > 0) {
    throw new Error(
      `the database already has ${existing!.n} properties; seed an empty one (a new DATABASE_URL or DATA_DIR)`,
    );
  }
}

await main();
