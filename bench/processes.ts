/** The processes a benchmark run starts: the portal, the bare server, the load, and their memory. */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';

const root = join(import.meta.dirname, '..');

export type Started = { process: ChildProcess; port: number; log: string; stop(): Promise<void> };

/** A free TCP port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * Runs an entry point with node (TypeScript through tsx), resolving once its output contains
 * `readyWhen`.
 */
async function startNode(
  entry: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  readyWhen: string,
  port: number,
): Promise<Started> {
  // BENCH_PROFILE=<dir>: a V8 CPU profile of each process, written when it stops.
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
  const loader = entry.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const child = spawn(process.execPath, [...profile, ...loader, entry, ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const watch = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (output.includes(readyWhen)) resolve();
    };
    child.stdout!.on('data', watch);
    child.stderr!.on('data', watch);
    child.on('exit', (code) =>
      reject(new Error(`${entry} stopped (${code}) before it was ready:\n${output.slice(-2000)}`)),
    );
  });
  // What it says afterwards (warnings, errors) goes to a log file beside the temporary files.
  const log = join(tmpdir(), `bench-${basename(entry, '.ts')}-${child.pid}.log`);
  const sink = createWriteStream(log);
  sink.write(output);
  child.stdout!.pipe(sink);
  child.stderr!.pipe(sink);
  return {
    process: child,
    port,
    log,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * The portal as `npm start` runs it (the built server, built first when stale), on the bench
 * data, without the demo and with meters that answer commands in 50 ms (about the round trip
 * measured through Mosquitto).
 */
export async function startPortal(database: { url?: string; dataDir: string }): Promise<Started> {
  const build = spawnSync(process.execPath, ['scripts/build-api.mjs', '--if-stale'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the server did not build');
  const port = await freePort();
  return startNode(
    'apps/api/dist/main.js',
    [],
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: database.dataDir,
      ...(database.url ? { DATABASE_URL: database.url } : {}),
      DEMO: 'off',
      LOG_LEVEL: 'warn',
      JWT_SECRET: randomBytes(32).toString('hex'),
      SIMULATOR_ANSWER_MS: '50',
      // The young generation a deployment with properties of thousands of locations gives the
      // server (docs/deployment.md), as the bench's largest property has.
      NODE_OPTIONS: '--max-semi-space-size=64',
      MALLOC_ARENA_MAX: '1',
    },
    'Metering portal:',
    port,
  );
}

export async function startBare(answersFile: string): Promise<Started> {
  const port = await freePort();
  return startNode('bench/bare-server.ts', [answersFile, String(port)], {}, 'ready', port);
}

/** Runs the load process to its end and returns what it printed last. */
export function runLoad(settings: object): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/load.ts', JSON.stringify(settings)], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  return new Promise((resolve, reject) =>
    child.on('exit', (code) =>
      code === 0 ? resolve(output.trim().split('\n').at(-1)!) : reject(new Error(`load stopped (${code})`)),
    ),
  );
}

/** Resident memory of a process in bytes (Linux). */
export function rssOf(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) * 1024 : 0;
}

/** Samples a process's memory while `work` runs: its RSS before and the peak. */
export async function watchMemory<T>(
  pid: number,
  work: () => Promise<T>,
): Promise<{ value: T; before: number; peak: number }> {
  const before = rssOf(pid);
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 50);
  try {
    const value = await work();
    peak = Math.max(peak, rssOf(pid));
    return { value, before, peak };
  } finally {
    clearInterval(timer);
  }
}
