import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The server's log: mails kept in the outbox are written there with their links. */
    serverLog: string;
  }
}

const root = join(import.meta.dirname, '../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function waitForHealth(url: string, server: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the server did not answer within ${timeoutMs} ms`);
}

/** Starts the built portal as `npm start` runs it, on a fresh embedded database with demo data. */
export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const serverLog = join(dataDir, 'server.log');
  const log = openSync(serverLog, 'a');
  const build = spawnSync(process.execPath, ['scripts/build-api.mjs', '--if-stale'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the server did not build');
  const server = spawn(process.execPath, ['apps/api/dist/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO: '1',
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
      MQTT_URL: '',
      // A meter that never answers is given up on after 10 s, so the flows can see it.
      COMMAND_TIMEOUT_SECONDS: '10',
    },
    stdio: ['ignore', log, log],
  });
  try {
    await waitForHealth(baseUrl, server, 180_000);
  } catch (err) {
    console.error(readFileSync(serverLog, 'utf8').slice(-4000));
    throw err;
  }
  project.provide('baseUrl', baseUrl);
  project.provide('serverLog', serverLog);
  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  };
}
