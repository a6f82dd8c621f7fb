/**
 * Readings ingested per second through the path the devices use (recordReadings: readings,
 * daily roll-up and each meter's latest reading in one statement per batch).
 *
 *   npx tsx bench/ingest.ts [--meters 2000] [--batches 40] [--late 10]   # in-memory PGlite
 *   DATABASE_URL=postgres://… npx tsx bench/ingest.ts             # a temporary database on that server
 */
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { recordReadings } from '../apps/api/src/features/meters/readings';
import { seedLookups } from '../apps/api/src/db/seed/lookups';
import { chunks, openBench, schema } from './support';

const { values } = parseArgs({
  options: {
    meters: { type: 'string', default: '2000' },
    batches: { type: 'string', default: '40' },
    late: { type: 'string', default: '0' },
  },
});
const METERS = Number(values.meters);
const BATCHES = Number(values.batches);
/** The percentage of meters whose reading of a round arrives a round late, after a newer one of theirs. */
const LATE = Number(values.late);

async function main() {
  const bench = await openBench();
  try {
    const db = bench.database.db;
    await seedLookups(db);
    const [business] = await db.insert(schema.businessEntities).values({ legalName: 'Ingest Bench' }).returning();
    const [site] = await db
      .insert(schema.sites)
      .values({
        busEntityId: business!.id,
        publicName: 'Ingest',
        physicalAddrLine1: '1 Road',
        physicalCity: 'Moab',
        physicalZip: '84532',
        physicalStateId: 45,
        physicalCountryId: 236,
        timeZone: 'America/Denver',
      })
      .returning();
    const meterIds: number[] = [];
    for (const chunk of chunks(Array.from({ length: METERS }, (_, n) => n))) {
      const locs = await db
        .insert(schema.locations)
        .values(chunk.map((n) => ({ siteId: site!.id, description: `L${n}`, publicName: `IN${n}` })))
        .returning({ id: schema.locations.id });
      const ids = await db
        .insert(schema.servicePoints)
        .values(
          locs.map((l, i) => ({
            name: `E${String(chunk[i]).padStart(6, '0')}`,
            deviceKey: `dk-${chunk[i]}`,
            deviceTypeId: 1,
            locationId: l.id,
            slot: 1,
          })),
        )
        .returning({ id: schema.servicePoints.id });
      meterIds.push(...ids.map((m) => m.id));
    }
    // Each batch is one reporting round of every meter, 15 minutes after the previous one. A
    // late meter's odd rounds come two batches on, after its next round: older than its latest.
    const start = Date.now() - BATCHES * 15 * 60_000;
    const late = (id: number, b: number) => id % 100 < LATE && b % 2 === 1;
    const reading = (id: number, b: number) => ({
      servicePointId: id,
      readAt: new Date(start + b * 15 * 60_000),
      total: (1000 + b * 0.5 + (id % 7) * 0.01).toFixed(3),
      isReset: false,
    });
    const started = performance.now();
    for (let b = 0; b < BATCHES + 2; b++) {
      const batch = [
        ...(b < BATCHES ? meterIds.filter((id) => !late(id, b)).map((id) => reading(id, b)) : []),
        ...(b >= 2 && b - 2 < BATCHES ? meterIds.filter((id) => late(id, b - 2)).map((id) => reading(id, b - 2)) : []),
      ];
      await db.transaction((tx) => recordReadings(tx, batch));
    }
    const seconds = (performance.now() - started) / 1000;
    const total = METERS * BATCHES;
    console.log(
      `database: ${bench.database.driver}; ${total} readings in ${BATCHES} rounds of ${METERS} (${LATE}% of meters late): ${seconds.toFixed(1)} s, ${Math.round(total / seconds)} readings/s`,
    );
  } finally {
    await bench.close();
  }
}

await main();
