/**
 * A one-year Excel export for a property of 2,000 locations: the Daily Usage per Location
 * report (2,000 × 365 rows) from the daily roll-up, streamed through a cursor into exceljs's
 * streaming writer. Prints the time, the file size and the peak RSS (sampled every 50 ms).
 *
 *   npx tsx bench/report-export.ts
 *   DATABASE_URL=postgres://… npx tsx bench/report-export.ts
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { routes } from '@portal/contract';
import { urlOf } from './http';
import { benchApp, benchProperty, openBench, schema } from './support';

const LOCATIONS = 2_000;

const bench = await openBench();
const { app, token } = await benchApp(bench);
const db = bench.database.db;
const site = await benchProperty(db, 'Bench Export Inc', 'Bench Export Park');
await db.insert(schema.siteSettings).values({ siteId: site.id, billingRate: '0.15', waterBillingRate: '0.01' });
await db.execute(sql`
  insert into locations (site_id, description, public_name)
  select ${site.id}, 'Site ' || g, 'BEX' || lpad(g::text, 5, '0') from generate_series(1, ${LOCATIONS}) g`);
await db.execute(sql`
  insert into service_points (name, device_key, device_type_id, location_id, slot)
  select 'X' || lpad(l.id::text, 6, '0'), 'bench-' || l.id, 1, l.id, 1 from locations l where l.site_id = ${site.id}`);
await db.execute(sql`
  insert into daily_usage (service_point_id, day, usage, first_reading, last_reading, last_read_at)
  select sp.id, d::date, 12.5, 0, 0, d + interval '23 hours'
  from service_points sp join locations l on l.id = sp.location_id and l.site_id = ${site.id},
    generate_series('2025-01-01'::timestamptz, '2025-12-31'::timestamptz, interval '1 day') d`);

let peak = process.memoryUsage().rss;
const before = peak;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 50);
const started = performance.now();
const res = await app.inject({
  method: 'GET',
  url: urlOf(routes.reports.excel, {
    SiteID: site.id,
    ReportStartDate: '2025-01-01',
    ReportEndDate: '2025-12-31',
    ReportStartTime: '00:00',
    ReportEndTime: '23:59',
    ReportID: '2',
    StoredProcedureCalled: 'daily_usage_per_location',
  }),
  headers: { authorization: `Bearer ${token}` },
});
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);
console.log(
  `status ${res.statusCode}; ${LOCATIONS * 365} rows; ${(res.rawPayload.length / 1e6).toFixed(1)} MB .xlsx in ${seconds.toFixed(1)} s; ` +
    `RSS ${(before / 1e6).toFixed(0)} MB before, peak ${(peak / 1e6).toFixed(0)} MB (app.inject keeps the whole file in memory too)`,
);
await app.close();
await bench.close();
