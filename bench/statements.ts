/**
 * What statements cost the lists that show their totals: a property with 300 guests checked in
 * (their totals worked out as of now) and 3,000 stays checked out (totals frozen at check-out),
 * each location with an electric and a water meter read every hour for a week. Times the
 * Transactions tabs, a location's history and, where it exists, a statement. Runs on a tree
 * without billing too (for the figures before).
 *
 *   npx tsx bench/statements.ts                        # a fresh in-memory PGlite
 *   DATABASE_URL=postgres://… npx tsx bench/statements.ts
 */
import { sql } from 'drizzle-orm';
import { routes } from '@portal/contract';
import { recordReadings } from '../apps/api/src/features/meters/readings';
import { urlOf } from './http';
import { benchApp, benchProperty, chunks, measure, openBench, schema } from './support';

const OPEN = 300;
const CLOSED_PER_LOCATION = 10;
const HOUR = 3_600_000;
const RUNS = 30;

async function main() {
  const bench = await openBench();
  try {
    const { app, token } = await benchApp(bench);
    const db = bench.database.db;
    const site = await benchProperty(db, 'Statement Parks', 'Statement Property');
    const now = Date.now();
    const locations = await db
      .insert(schema.locations)
      .values(
        Array.from({ length: OPEN }, (_, i) => ({ siteId: site.id, description: `Pad ${i}`, publicName: `STM${i}` })),
      )
      .returning({ id: schema.locations.id });
    const meters = await db
      .insert(schema.servicePoints)
      .values(
        locations.flatMap((l, i) => [
          {
            name: `E${String(i).padStart(6, '0')}`,
            deviceKey: `dk-se${i}`,
            deviceTypeId: 1,
            locationId: l.id,
            slot: 1,
          },
          {
            name: `W${String(i).padStart(6, '0')}`,
            deviceKey: `dk-sw${i}`,
            deviceTypeId: 7,
            locationId: l.id,
            slot: 2,
          },
        ]),
      )
      .returning({ id: schema.servicePoints.id, locationId: schema.servicePoints.locationId });
    const readings = meters.flatMap((m) =>
      Array.from({ length: 24 * 7 }, (_, h) => ({
        servicePointId: m.id,
        readAt: new Date(now - (24 * 7 - h) * HOUR),
        total: String(1000 + h * 1.25),
        isReset: false,
      })),
    );
    for (const batch of chunks(readings)) await recordReadings(db, batch);
    // ten past stays a location, a few hours each, then the stay in progress since three days
    const past = locations.flatMap((l) =>
      Array.from({ length: CLOSED_PER_LOCATION }, (_, k) => ({
        locationId: l.id,
        siteId: site.id,
        checkinAt: new Date(now - (7 * 24 - k * 10) * HOUR),
        checkoutAt: new Date(now - (7 * 24 - k * 10 - 8) * HOUR),
      })),
    );
    for (const batch of chunks(past)) await db.insert(schema.stays).values(batch);
    const open = await db
      .insert(schema.stays)
      .values(locations.map((l) => ({ locationId: l.id, siteId: site.id, checkinAt: new Date(now - 72 * HOUR) })))
      .returning({ id: schema.stays.id });
    await db.execute(sql`
      insert into stay_meters (stay_id, service_point_id, opening_reading, closing_reading, usage)
      select st.id, sp.id, 1000, case when st.checkout_at is null then null else 1010 end,
        case when st.checkout_at is null then null else 10 end
      from stays st join service_points sp on sp.location_id = st.location_id`);
    await db.execute(sql`update locations set is_checked_in = true`);
    // tariffs and frozen statements exist only where billing does
    const billing = await import('../apps/api/src/features/billing/service').catch(() => null);
    if (billing) {
      await db.insert(schema.tariffVersions).values({
        siteId: site.id,
        effectiveFrom: new Date('2000-01-01T00:00:00Z'),
        electricRate: '0.15',
        waterRate: '0.004',
        fees: [{ name: 'Pedestal', amount: '2.50', per: 'night' }],
        taxes: [{ name: 'Tax', percent: '6.25', appliesTo: 'all' }],
      });
      while ((await billing.freezeStatements(db, sql`true`, new Date())) > 0);
    }
    await db.execute(sql`analyze`);

    const auth = { authorization: `Bearer ${token}` };
    const get = (url: string) => ({ method: 'GET' as const, url, headers: auth });
    const rows: Record<string, Awaited<ReturnType<typeof measure>>> = {
      [`Transactions, current (${OPEN} open stays)`]: await measure(app, get(routes.transactions.current.path), RUNS),
      [`Transactions, history, all (${OPEN * CLOSED_PER_LOCATION} stays)`]: await measure(
        app,
        get(urlOf(routes.transactions.completed, { CurrentDateRangeFilter: 14 })),
        RUNS,
      ),
      [`Location History (${CLOSED_PER_LOCATION + 1} stays)`]: await measure(
        app,
        get(urlOf(routes.locations.history, { locationID: locations[0]!.id })),
        RUNS,
      ),
    };
    if (billing) {
      rows['Statement of an open stay'] = await measure(
        app,
        get(urlOf(routes.billing.statement, { stayID: open[0]!.id })),
        RUNS,
      );
    }
    console.log(`${bench.database.driver}, ${RUNS} runs each`);
    for (const [name, m] of Object.entries(rows)) {
      console.log(
        `${name.padEnd(44)} median ${m.median.toFixed(1).padStart(7)} ms  p95 ${m.p95.toFixed(1).padStart(7)} ms  ${m.statements.join('/')} statements  ${(m.bytes / 1024).toFixed(1)} kB`,
      );
    }
  } finally {
    await bench.close();
  }
}

await main();
