/**
 * My Properties at scale: 50 properties x 200 locations (with meters), listed 50 times
 * by an Administrator through the real app. Prints the median and p95 time per request
 * and the SQL statements each request runs (counted by a drizzle logger).
 *
 *   npx tsx bench/sites-list.ts                        # a fresh in-memory PGlite
 *   DATABASE_URL=postgres://… npx tsx bench/sites-list.ts  # a temporary database on that server
 */
import type { Db } from '../apps/api/src/db/client';
import { routes } from '@portal/contract';
import { benchApp, chunks, measure, openBench, schema } from './support';

const SITES = 50;
const LOCATIONS_PER_SITE = 200;
const RUNS = 50;

/** Properties of 200 locations: every third checked in, every 17th meter out of service, every 23rd missing, every 50th location deleted, every 4th with a water meter too. */
async function buildFleet(db: Db): Promise<void> {
  const [business] = await db.insert(schema.businessEntities).values({ legalName: 'Bench Parks Inc' }).returning();
  const sites = await db
    .insert(schema.sites)
    .values(
      Array.from({ length: SITES }, (_, i) => ({
        busEntityId: business!.id,
        publicName: `Bench Property ${String(i + 1).padStart(2, '0')}`,
        physicalAddrLine1: `${i + 1} Bench Road`,
        physicalCity: 'Moab',
        physicalZip: '84532',
        physicalStateId: 45,
        physicalCountryId: 236,
        timeZone: 'America/Denver',
      })),
    )
    .returning({ id: schema.sites.id });
  await db.insert(schema.siteSettings).values(sites.map((s) => ({ siteId: s.id })));
  await db
    .insert(schema.siteIntegrations)
    .values(
      sites.map((s, i) => ({ siteId: s.id, partnerId: 1, partnerPropertyKey: `CampspotBenchProperty${i + 1}Ut` })),
    );
  const locationRows = sites.flatMap((site, s) =>
    Array.from({ length: LOCATIONS_PER_SITE }, (_, l) => {
      const n = s * LOCATIONS_PER_SITE + l;
      return {
        siteId: site.id,
        description: `Site ${l + 1}`,
        publicName: `BENCH${n}`,
        isCheckedIn: n % 3 === 0,
        deleted: n % 50 === 49,
      };
    }),
  );
  const locationIds: number[] = [];
  for (const chunk of chunks(locationRows)) {
    const inserted = await db.insert(schema.locations).values(chunk).returning({ id: schema.locations.id });
    locationIds.push(...inserted.map((r) => r.id));
  }
  const meterRows = locationIds.flatMap((locationId, n) => {
    const electric = {
      name: `E${String(n).padStart(6, '0')}`,
      deviceTypeId: 1,
      locationId,
      slot: 1,
      activeInd: n % 17 === 0 ? 0 : 1,
      isMissingDevice: n % 23 === 0,
    };
    const water = {
      name: `W${String(n).padStart(6, '0')}`,
      deviceTypeId: 7,
      locationId,
      slot: 2,
      activeInd: 1,
      isMissingDevice: false,
    };
    return n % 4 === 0 ? [electric, water] : [electric];
  });
  for (const chunk of chunks(meterRows)) {
    await db.insert(schema.servicePoints).values(chunk.map((m) => ({ ...m, deviceKey: `dk-${m.name}` })));
  }
  console.log(`built ${sites.length} properties, ${locationIds.length} locations, ${meterRows.length} meters`);
}

async function main() {
  const bench = await openBench();
  try {
    const { app, token } = await benchApp(bench);
    await buildFleet(bench.database.db);
    const m = await measure(
      app,
      {
        method: 'GET',
        url: routes.sites.visible.path,
        headers: { authorization: `Bearer ${token}` },
      },
      RUNS,
    );
    console.log(
      [
        `database: ${bench.database.driver}`,
        `My Properties as Administrator, ${RUNS} requests: ${(m.bytes / 1024).toFixed(1)} KiB each`,
        `median ${m.median.toFixed(1)} ms, p95 ${m.p95.toFixed(1)} ms`,
        `SQL statements per request: ${m.statements.join(', ')} (the caller's session, then the list)`,
      ].join('\n'),
    );
    await app.close();
  } finally {
    await bench.close();
  }
}

await main();
