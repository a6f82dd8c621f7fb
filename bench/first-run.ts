/**
 * What a newcomer sees: `npm start` on a checkout with no data yet, timed to the login page,
 * then the data directory's size and the server's resident memory after a few screens; and a
 * first start killed part-way (kill -9), started again.
 *
 *   npx tsx bench/first-run.ts [--checkout DIR] [--kill-after SECONDS]
 *
 * `--checkout`: the tree to start (default: this one), so that two commits can be measured
 * in one run. Prints the table with the targets of the README's figures.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { routes } from '@portal/contract';
import { Client, stepOf } from './http';
import { freePort, rssOf } from './processes';

const { values } = parseArgs({
  options: {
    checkout: { type: 'string', default: join(import.meta.dirname, '..') },
    'kill-after': { type: 'string' },
  },
});
const checkout = resolve(values.checkout);
const DEMO_ADMIN = { Username: 'admin@demo.local', Password: 'Admin#2026' };
const TARGETS = { firstStartS: 20, dataMb: 300, rssMb: 350 };

type Run = { child: ChildProcess; port: number; dataDir: string; startedAt: number };

function start(dataDir: string, port: number): Run {
  const child = spawn('npm', ['start'], {
    cwd: checkout,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
    detached: true,
  });
  return { child, port, dataDir, startedAt: performance.now() };
}

/** Seconds from the start until GET / answers the web app's page. */
async function untilLoginPage(run: Run): Promise<number> {
  for (;;) {
    if (run.child.exitCode !== null) throw new Error(`npm start stopped (${run.child.exitCode})`);
    try {
      const res = await fetch(`http://127.0.0.1:${run.port}/`);
      if (res.ok && (await res.text()).includes('<div id="root"')) return (performance.now() - run.startedAt) / 1000;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
}

/** The processes under `pid`, itself included. */
function tree(pid: number): number[] {
  const children = readdirSync(`/proc/${pid}/task`).flatMap((task) =>
    readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number),
  );
  return [pid, ...children.flatMap(tree)];
}

/** The resident memory of the largest process `npm start` runs: the server. */
const serverRss = (run: Run) => Math.max(...tree(run.child.pid!).map(rssOf));

/** The first screens of the demo as the Administrator: sign in, properties, a table, the dashboard. */
async function browse(run: Run): Promise<void> {
  const client = new Client(new URL(`http://127.0.0.1:${run.port}`), '127.0.0.1');
  const signIn = await client.expectOk(stepOf(routes.auth.signIn, undefined, DEMO_ADMIN));
  client.token = (JSON.parse(signIn.body.toString('utf8')) as { result: { token: string } }).result.token;
  const sites = await client.expectOk(stepOf(routes.sites.visible));
  const siteIds = (JSON.parse(sites.body.toString('utf8')) as { result: Array<{ siteID: number }> }).result.map(
    (s) => s.siteID,
  );
  for (const siteID of siteIds) await client.expectOk(stepOf(routes.locations.table, { siteID }));
  await client.expectOk(stepOf(routes.dashboard.stats));
  await client.expectOk(stepOf(routes.dashboard.usageByProperty, { days: 30 }));
  client.close();
}

function stop(run: Run, signal: NodeJS.Signals): Promise<void> {
  return new Promise((done) => {
    if (run.child.exitCode !== null || run.child.signalCode !== null) return done();
    run.child.once('exit', () => done());
    process.kill(-run.child.pid!, signal);
  });
}

/** Bytes on disk under a directory. */
function diskMb(dir: string): number {
  let bytes = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) bytes += statSync(join(entry.parentPath, entry.name)).blocks * 512;
  }
  return Math.round(bytes / 1e6);
}

const row = (what: string, figure: number, unit: string, max: number) =>
  `${what.padEnd(44)} ${`${figure} ${unit}`.padStart(10)}   ≤ ${max} ${unit}   ${figure <= max ? 'holds' : 'FAILS'}`;

async function main() {
  console.log(`first run of ${checkout} on Node ${process.version}`);
  const fresh = start(mkdtempSync(join(tmpdir(), 'portal-first-run-')), await freePort());
  const firstStartS = await untilLoginPage(fresh);
  await browse(fresh);
  await sleep(5_000);
  const rssMb = Math.round(serverRss(fresh) / 1e6);
  await stop(fresh, 'SIGTERM');
  const dataMb = diskMb(fresh.dataDir);

  const killAfterS = Number(values['kill-after'] ?? Math.max(1, firstStartS / 2));
  const killed = start(mkdtempSync(join(tmpdir(), 'portal-first-run-killed-')), await freePort());
  await sleep(killAfterS * 1000);
  await stop(killed, 'SIGKILL');
  const again = start(killed.dataDir, killed.port);
  const againS = await untilLoginPage(again);
  await stop(again, 'SIGTERM');
  const againMb = diskMb(killed.dataDir);

  console.log(
    [
      row('first start to the login page', Math.round(firstStartS * 10) / 10, 's', TARGETS.firstStartS),
      row('data directory after it', dataMb, 'MB', TARGETS.dataMb),
      row('server resident memory after the first screens', rssMb, 'MB', TARGETS.rssMb),
      row(`start after a kill -9 at ${killAfterS} s, to the login page`, Math.round(againS * 10) / 10, 's', 20),
      row('data directory after that', againMb, 'MB', TARGETS.dataMb),
    ].join('\n'),
  );
  for (const dir of [fresh.dataDir, killed.dataDir]) rmSync(dir, { recursive: true, force: true });
}

await main();
