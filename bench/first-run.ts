/**
 * The first run as a user meets it: `npm start` in a checkout, timed until the login page
 * answers, then a few screens' calls as the demo administrator, the server's resident memory
 * and the size of the data directory. With --kill-after, the first start is killed (SIGKILL)
 * that many seconds in and started again, as after a crash part-way through the seed.
 *
 *   npx tsx bench/first-run.ts --dir /tmp/clone [--port 3100] [--kill-after 8]
 *
 * The checkout's data directory (DATA_DIR, default <dir>/data) must not exist yet.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { routes } from '@portal/contract';
import { urlOf } from './http';
import { rssOf } from './processes';

const { values } = parseArgs({
  options: {
    dir: { type: 'string', default: join(import.meta.dirname, '..') },
    port: { type: 'string', default: '3100' },
    data: { type: 'string' },
    'kill-after': { type: 'string' },
  },
});
const dir = resolve(values.dir);
const port = Number(values.port);
const dataDir = resolve(values.data ?? join(dir, 'data'));
const base = `http://127.0.0.1:${port}`;
const demoAdmin = { Username: 'admin@demo.local', Password: 'Admin#2026' };
const MB = 1024 * 1024;
/** The README's promises for a first run on a 2-core machine. */
const TARGETS = { seconds: 20, dataMb: 300, rssMb: 350 };

/** A figure beside its target, and whether it holds. */
const held = (what: string, figure: number, unit: string, max: number) =>
  `${what}: ${figure.toFixed(0)} ${unit} (target ≤ ${max} ${unit}: ${figure <= max ? 'holds' : 'FAILS'})`;

/** Bytes under a directory (files only, as `du` counts them roughly). */
function sizeOf(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.blocks * 512;
  return readdirSync(path).reduce((sum, name) => sum + sizeOf(join(path, name)), stat.blocks * 512);
}

/** The processes under `pid` (Linux /proc), children first found first. */
function descendants(pid: number): number[] {
  const parentOf = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      parentOf.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone meanwhile
    }
  }
  const out: number[] = [];
  const walk = (p: number) => {
    for (const [child, parent] of parentOf) {
      if (parent !== p) continue;
      out.push(child);
      walk(child);
    }
  };
  walk(pid);
  return out;
}

/** The server: the process under `npm start` that runs the API's entry point. */
function serverPid(npm: ChildProcess): number | undefined {
  return descendants(npm.pid!).find((p) => {
    try {
      return /apps\/api\/(src|dist)\/main\.[jt]s/.test(readFileSync(`/proc/${p}/cmdline`, 'utf8'));
    } catch {
      return false;
    }
  });
}

function start(logName: string): ChildProcess {
  mkdirSync(dirname(dataDir), { recursive: true });
  const log = createWriteStream(join(dirname(dataDir), logName));
  const npm = spawn('npm', ['start'], {
    cwd: dir,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
    // its own process group, so that stopping it stops npm, the start script and the server
    detached: true,
  });
  npm.stdout!.pipe(log);
  npm.stderr!.pipe(log);
  return npm;
}

/** Stops npm start's process group and waits until the server is gone too. */
async function stop(npm: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  const server = serverPid(npm);
  if (npm.exitCode === null) {
    const exited = new Promise((r) => npm.once('exit', r));
    process.kill(-npm.pid!, signal);
    await exited;
  }
  while (server !== undefined && existsSync(`/proc/${server}`)) await new Promise((r) => setTimeout(r, 100));
}

/** Seconds from now until GET / answers the web app's page. */
async function untilLoginPage(npm: ChildProcess, started: number): Promise<number> {
  for (;;) {
    if (npm.exitCode !== null) throw new Error(`npm start exited with ${npm.exitCode}`);
    try {
      const res = await fetch(`${base}/`);
      if (res.status === 200 && (await res.text()).includes('<div id="root"'))
        return (performance.now() - started) / 1000;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

type Envelope<T> = { success: boolean; result: T; message: string };

/** The calls of a few screens as the demo administrator: each path with its status and time. */
async function browse(): Promise<Array<{ call: string; status: number; ms: number }>> {
  const out: Array<{ call: string; status: number; ms: number }> = [];
  let token = '';
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const t = performance.now();
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = (await res.json()) as Envelope<T>;
    out.push({ call: `${method} ${path.split('?')[0]}`, status: res.status, ms: Math.round(performance.now() - t) });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${json.message}`);
    return json.result;
  };
  token = (await call<{ token: string }>('POST', routes.auth.signIn.path, demoAdmin)).token;
  const sites = await call<Array<{ siteID: number }>>('GET', routes.sites.visible.path);
  const siteID = sites[0]!.siteID;
  await Promise.all([
    call('GET', routes.dashboard.realtime.path),
    call('GET', routes.dashboard.alerts.path),
    call('GET', routes.dashboard.stats.path),
    call('GET', urlOf(routes.dashboard.usageByProperty, { days: 90 })),
  ]);
  const table = await call<Array<{ locationID: number }>>('GET', urlOf(routes.locations.table, { siteID }));
  const history = await call<Array<{ stayID: number }>>(
    'GET',
    urlOf(routes.locations.history, { locationID: table[0]!.locationID }),
  );
  if (history[0]) await call('GET', urlOf(routes.billing.statement, { stayID: history.at(-1)!.stayID }));
  await call('GET', urlOf(routes.alerts.list, { siteID }));
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  await call(
    'GET',
    urlOf(routes.reports.records, {
      ReportID: 1,
      SiteID: siteID,
      StoredProcedureCalled: 'usage_by_location',
      PeriodStartDate: `${day(-90)} 00:00`,
      EndDate: `${day(0)} 23:59`,
    }),
  );
  return out;
}

async function main() {
  if (existsSync(dataDir)) throw new Error(`${dataDir} exists: the first run needs a data directory that does not`);
  if (values['kill-after']) {
    const crashed = start('first-run-killed.log');
    await new Promise((r) => setTimeout(r, Number(values['kill-after']) * 1000));
    await stop(crashed, 'SIGKILL');
    console.log(`killed the first start after ${values['kill-after']} s: data ${(sizeOf(dataDir) / MB).toFixed(0)} MB`);
  }
  const started = performance.now();
  const npm = start('first-run.log');
  try {
    const seconds = await untilLoginPage(npm, started);
    console.log(
      `login page after ${seconds.toFixed(1)} s (target ≤ ${TARGETS.seconds} s: ${seconds <= TARGETS.seconds ? 'holds' : 'FAILS'})`,
    );
    const calls = await browse();
    console.table(calls);
    const pid = serverPid(npm)!;
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const peak = /VmHWM:\s+(\d+) kB/.exec(status)?.[1];
    console.log(
      `${held(`server ${pid}: RSS`, rssOf(pid) / MB, 'MB', TARGETS.rssMb)}; peak ${(Number(peak) / 1024).toFixed(0)} MB`,
    );
    console.log(held('data directory while running', sizeOf(dataDir) / MB, 'MB', TARGETS.dataMb));
  } finally {
    await stop(npm, 'SIGTERM');
  }
  console.log(held('data directory after stopping', sizeOf(dataDir) / MB, 'MB', TARGETS.dataMb));
}

await main();
