/**
 * The benchmark suite against the data `npm run bench:seed` built: starts the portal on it
 * and a bare Fastify yardstick, times each scenario alone, then runs the mixed load, prints
 * one table and writes it as JSON under bench/results/.
 *
 *   npm run bench [-- --users 200 --seconds 60]   # --quick: a few runs, a short load (CI's smoke run)
 *                                                 # --load-only: scenario 7 alone
 */
import { writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { Client, loopbackAddress, type Answer } from './http';
import type { LoadResult, LoadSettings } from './load';
import { rssOf, runLoad, startBare, startPortal, watchMemory, type Started } from './processes';
import { printTable, saveResult, summarize, type Row } from './report';
import { verdict } from './targets';
import { bareCall, portalCall, scenarios, type BenchContext, type Call, type Scenario } from './scenarios';
import { BENCH_DATA_DIR } from './seed-fleet';
import { discover } from './discover';
import type { CapturedAnswers } from './bare-server';

const { values } = parseArgs({
  options: {
    users: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '60' },
    quick: { type: 'boolean', default: false },
    /** Only the mixed load (scenario 7), for finding where it bends. */
    'load-only': { type: 'boolean', default: false },
  },
});
const quick = values.quick;
const users = Number(values.users);
const seconds = quick ? 5 : Number(values.seconds);
const WARM_UP = 2;

async function main() {
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) await vacuum(databaseUrl);
  const portal = await startPortal({ url: databaseUrl, dataDir: BENCH_DATA_DIR });
  let bare: Started | undefined;
  try {
    const base = new URL(`http://127.0.0.1:${portal.port}`);
    const admin = new Client(base, loopbackAddress(0));
    const loadUsers = quick ? Math.min(users, 10) : users;
    const context = await discover(admin, loadUsers);
    const answersFile = join(tmpdir(), `bench-answers-${process.pid}.json`);
    writeFileSync(answersFile, JSON.stringify(await capture(base, context, admin.token)));
    bare = await startBare(answersFile);
    const bareBase = new URL(`http://127.0.0.1:${bare.port}`);

    const rows: Row[] = [];
    for (const [i, scenario] of values['load-only'] ? [] : scenarios.entries()) {
      const runs = quick ? 2 : scenario.runs;
      const client = new Client(base, loopbackAddress(10 + i), admin.token);
      const yardstickClient = new Client(bareBase, loopbackAddress(10 + i));
      let bytes = 0;
      const counted = () => portalCall(client, (_, answer) => (bytes += answer.body.length));
      const measured = await watchMemory(portal.process.pid!, () => timePlays(scenario, runs, context, counted));
      const yardstick = await timePlays(scenario, runs, context, () => bareCall(yardstickClient, scenario.id));
      client.close();
      yardstickClient.close();
      rows.push({
        ...summarize(scenario.id, scenario.title, measured.value),
        rssMb: mb(measured.peak),
        bareMedianMs: summarize('', '', yardstick).medianMs,
        kb: Math.round(bytes / (WARM_UP + runs) / 1024),
      });
      const row = rows.at(-1)!;
      console.log(
        `  ${row.id} ${row.title}: median ${row.medianMs} ms, p95 ${row.p95Ms} ms (bare ${row.bareMedianMs} ms), ${row.kb} KB`,
      );
    }

    const load = (target: 'portal' | 'bare'): Promise<LoadResult> =>
      runLoad({
        base: (target === 'portal' ? base : bareBase).toString(),
        bare: target === 'bare',
        users: loadUsers,
        seconds,
        thinkMs: quick ? [500, 1_500] : [5_000, 15_000],
        context,
        firstAddress: 100,
      } satisfies LoadSettings).then((line) => JSON.parse(line) as LoadResult);
    const mixed = await watchMemory(portal.process.pid!, () => load('portal'));
    const mixedBare = await load('bare');
    const all = (r: LoadResult) => Object.values(r.plays).flat();
    const errors = Object.values(mixed.value.errors).reduce((a, b) => a + b, 0);
    rows.push({
      ...summarize('7', `${loadUsers} users mixing the above for ${seconds} s`, all(mixed.value), seconds),
      rssMb: mb(mixed.peak),
      bareMedianMs: summarize('', '', all(mixedBare)).medianMs,
      errors,
    });
    for (const { id, title } of scenarios) {
      const plays = mixed.value.plays[id] ?? [];
      if (plays.length)
        rows.push({
          ...summarize(`7·${id}`, `  of which ${title}`, plays, seconds),
          errors: mixed.value.errors[id] ?? 0,
        });
    }
    if (mixed.value.errorSamples.length) console.log('errors under load:', mixed.value.errorSamples);

    printTable(rows);
    const result = {
      at: new Date().toISOString(),
      database: databaseUrl ? 'postgres' : 'pglite',
      quick,
      machine: { cpus: cpus().length, node: process.version },
      serverRssMbAfter: mb(rssOf(portal.process.pid!)),
      context: { largestSiteId: context.largestSiteId, properties: context.siteIds.length },
      rows: rows.map((r) => ({ ...r, ...verdict(r) })),
    };
    const file = saveResult(`bench-${result.database}${quick ? '-quick' : ''}`, result);
    console.log(`written to ${file}; the portal's log: ${portal.log}`);
  } finally {
    await bare?.stop();
    await portal.stop();
  }
}

/**
 * What autovacuum would have done since the last run: each run's readings leave the meters and
 * roll-ups with dead row versions, and a server without autovacuum (this machine's) keeps them,
 * so each run would start from a more bloated table than the one before.
 */
async function vacuum(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('vacuum (analyze) service_points, daily_usage, site_daily_usage, hourly_usage, stays');
  } finally {
    await client.end();
  }
}

const mb = (bytes: number) => Math.round(bytes / 1e6);

/** Plays the scenario `runs` times after a warm-up, one after another; the milliseconds of each. */
async function timePlays(scenario: Scenario, runs: number, ctx: BenchContext, call: () => Call): Promise<number[]> {
  for (let i = 0; i < WARM_UP; i++) await scenario.play(call(), ctx, i);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await scenario.play(call(), ctx, WARM_UP + i);
    times.push(performance.now() - started);
  }
  return times;
}

/** Every scenario once against the portal, keeping its answers for the bare server. */
async function capture(base: URL, ctx: BenchContext, token: string): Promise<CapturedAnswers> {
  const answers: CapturedAnswers = {};
  for (const [i, scenario] of scenarios.entries()) {
    const client = new Client(base, loopbackAddress(60 + i), token);
    const keep = (n: string, a: Answer) =>
      (answers[`${scenario.id}/${n}`] = { contentType: a.contentType, body: a.body.toString('base64') });
    await scenario.play(portalCall(client, keep), ctx, 0);
    client.close();
  }
  return answers;
}

await main();
