/**
 * A CSV import of 100,000 readings (`routes.meters.importReadings`): hourly readings of a
 * property's electric and water meters, a row per meter and hour in the order a data logger
 * exports them (by hour, then meter), previewed (dryRun), stored (mode=all), then the same file
 * stored again (nothing new). Each run is a fresh property of its own; prints rows/s of each
 * step, its answer's size and the RSS before it and at its peak (sampled every 50 ms; with
 * PGlite the database's memory is the process's too), then the spread of the runs.
 *
 *   npx tsx bench/import-readings.ts [--rows 100000] [--locations 250] [--runs 3] [--json]
 *   DATABASE_URL=postgres://… npx tsx bench/import-readings.ts
 */
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { routes } from '@portal/contract';
import { urlOf } from './http';
import { benchApp, benchProperty, openBench, schema, type BenchDatabase } from './support';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '100000' },
    locations: { type: 'string', default: '250' },
    runs: { type: 'string', default: '3' },
    json: { type: 'boolean', default: false },
  },
});
const ROWS = Number(values.rows);
const LOCATIONS = Number(values.locations);
const HOUR = 3_600_000;

/** A property of its own with an electric and a water meter on each location, registered 30 days ago. */
async function property(bench: BenchDatabase, run: number): Promise<{ siteId: number; names: string[] }> {
  const db = bench.database.db;
  const site = await benchProperty(db, `Import Bench ${run}`, `Import Bench Park ${run}`);
  const locations = await db
    .insert(schema.locations)
    .values(
      Array.from({ length: LOCATIONS }, (_, i) => ({
        siteId: site.id,
        description: `Pad ${i + 1}`,
        publicName: `IMP${run}x${i}`,
      })),
    )
    .returning({ id: schema.locations.id });
  const createdAt = new Date(Date.now() - 30 * 24 * HOUR);
  const meters = await db
    .insert(schema.servicePoints)
    .values(
      locations.flatMap((l, i) => [
        { name: `I${run}E${String(i).padStart(4, '0')}`, deviceTypeId: 1, locationId: l.id, slot: 1, createdAt },
        { name: `I${run}W${String(i).padStart(4, '0')}`, deviceTypeId: 7, locationId: l.id, slot: 2, createdAt },
      ]),
    )
    .returning({ name: schema.servicePoints.name });
  return { siteId: site.id, names: meters.map((m) => m.name) };
}

/** The file: hour by hour up to an hour ago, each meter's total rising (electric by quarter kWh, water by gallons). */
function csvOf(names: string[]): string {
  const hours = Math.ceil(ROWS / names.length);
  const first = Math.floor(Date.now() / HOUR) * HOUR - hours * HOUR;
  const lines = ['meter,reading,time'];
  for (let h = 0; h < hours; h++) {
    const at = new Date(first + h * HOUR).toISOString();
    names.forEach((name, m) => {
      if (lines.length > ROWS) return;
      const quarters = h * (1 + (m % 4));
      const total = name.includes('W')
        ? `${h * (m % 17)}`
        : `${1000 + Math.floor(quarters / 4)}.${(quarters % 4) * 25}`;
      lines.push(`${name},${total},${at}`);
    });
  }
  return lines.join('\n');
}

type Step = {
  rowsPerSecond: number;
  seconds: number;
  answerKB: number;
  rssBeforeMB: number;
  peakRssMB: number;
  accepted: number;
};

async function timed(app: FastifyInstance, token: string, siteId: number, csv: string, query: object): Promise<Step> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50);
  const started = performance.now();
  const res = await app.inject({
    method: 'POST',
    url: urlOf(routes.meters.importReadings, { siteID: siteId, ...query }),
    headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
    payload: csv,
  });
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  if (res.statusCode !== 200) throw new Error(`import answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
  const { result } = res.json() as { result: { rows: number; accepted: number } };
  return {
    rowsPerSecond: Math.round(result.rows / seconds),
    seconds: Math.round(seconds * 100) / 100,
    answerKB: Math.round(res.rawPayload.length / 1024),
    rssBeforeMB: Math.round(before / 1e6),
    peakRssMB: Math.round(peak / 1e6),
    accepted: result.accepted,
  };
}

const bench = await openBench();
try {
  const { app, token } = await benchApp(bench);
  const runs: Array<Record<'preview' | 'store' | 'again', Step>> = [];
  // a preview of a few rows first, so that the first run does not pay the server's warm-up
  const warm = await property(bench, 0);
  await timed(app, token, warm.siteId, csvOf(warm.names).slice(0, 10_000), { dryRun: 'true' });
  for (let run = 1; run <= Number(values.runs); run++) {
    const { siteId, names } = await property(bench, run);
    const csv = csvOf(names);
    runs.push({
      preview: await timed(app, token, siteId, csv, { dryRun: 'true' }),
      store: await timed(app, token, siteId, csv, { mode: 'all' }),
      again: await timed(app, token, siteId, csv, { mode: 'all' }),
    });
    if (!values.json) console.log(`run ${run}: ${(csv.length / 1e6).toFixed(1)} MB`, runs.at(-1));
  }
  const spread = (step: 'preview' | 'store' | 'again') => {
    const rates = runs.map((r) => r[step].rowsPerSecond).sort((a, b) => a - b);
    return { min: rates[0]!, median: rates[Math.floor(rates.length / 2)]!, max: rates.at(-1)! };
  };
  const result = {
    driver: bench.database.driver,
    at: new Date().toISOString(),
    rows: ROWS,
    meters: LOCATIONS * 2,
    preview: spread('preview'),
    store: spread('store'),
    again: spread('again'),
    runs,
  };
  if (values.json) console.log(JSON.stringify(result));
  else
    for (const step of ['preview', 'store', 'again'] as const)
      console.log(
        `${step.padEnd(8)} ${result[step].min}–${result[step].max} rows/s (median ${result[step].median}) over ${runs.length} runs, ${bench.database.driver}`,
      );
  await app.close();
} finally {
  await bench.close();
}
