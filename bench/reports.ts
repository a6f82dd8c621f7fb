/**
 * Every report type, viewed for the last 30 days of the largest bench property: from
 * midnight to 23:59, and from noon to noon (partial days at both ends). Prints the median and
 * p95 of `--runs` views and the rows answered, after two warm-up views.
 *
 *   DATABASE_URL=postgres://… npx tsx bench/reports.ts [--runs 5]     (or on bench/.data without DATABASE_URL)
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { rows } from '../apps/api/src/db/client';
import { routes } from '@portal/contract';
import { urlOf } from './http';
import { benchApp, measure, openSeeded } from './support';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
const runs = Number(values.runs);

const bench = await openSeeded();
const { app, token } = await benchApp(bench, { withAdministrator: false });
const db = bench.database.db;

const [largest] = await rows<{ id: number; time_zone: string; description: string }>(
  db,
  sql`
    select s.id, s.time_zone, min(l.description) as description
    from sites s join locations l on l.site_id = s.id
    group by s.id order by count(*) desc, s.id limit 1`,
);
if (!largest) throw new Error('the bench database has no properties: run `npm run bench:seed` first');
const types = await rows<{ id: number; name: string; proc: string }>(
  db,
  sql`select id, name, stored_procedure_called as proc from report_types order by display_order`,
);

const day = (at: number) => new Intl.DateTimeFormat('en-CA', { timeZone: largest.time_zone }).format(at);
const first = day(Date.now() - 30 * 86_400_000);
const last = day(Date.now() - 86_400_000);
const periods = [
  { name: 'midnight', start: `${first} 00:00`, end: `${last} 23:59` },
  { name: 'noon', start: `${first} 12:00`, end: `${day(Date.now())} 11:59` },
];

/** Reports are limited to 60 calls a minute for a user: wait for room before the next batch of calls. */
const calls: number[] = [];
async function withinRateLimit(batch: number): Promise<void> {
  const recent = () => calls.filter((at) => at > Date.now() - 61_000);
  while (recent().length + batch > 58) await new Promise((r) => setTimeout(r, 1000));
  for (let i = 0; i < batch; i++) calls.push(Date.now());
}

console.log(`property ${largest.id}, ${first} to ${last}, ${runs} runs a report`);
console.log(
  'report'.padEnd(36),
  'period'.padEnd(9),
  'median ms'.padStart(10),
  'p95 ms'.padStart(8),
  'rows'.padStart(7),
);
for (const type of types) {
  for (const period of periods) {
    const query = {
      ReportID: type.id,
      SiteID: largest.id,
      StoredProcedureCalled: type.proc,
      PeriodStartDate: period.start,
      EndDate: period.end,
      LocationDescription: largest.description,
    };
    const request = {
      method: 'GET' as const,
      url: urlOf(routes.reports.records, query),
      headers: { authorization: `Bearer ${token}` },
    };
    await withinRateLimit(runs + 3);
    const m = await measure(app, request, runs, 2);
    const rows = ((await app.inject(request)).json() as { result: unknown[] }).result.length;
    console.log(
      type.name.padEnd(36),
      period.name.padEnd(9),
      m.median.toFixed(0).padStart(10),
      m.p95.toFixed(0).padStart(8),
      String(rows).padStart(7),
    );
  }
}
await app.close();
await bench.close();
