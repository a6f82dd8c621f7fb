import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

/** The server on the embedded database in `dir`, as `npm start` runs it, not yet answering. */
export function spawnServer(port: number, dir: string, env: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: join(import.meta.dirname, '../..'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      DEMO: '0',
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: 'ignore',
  });
}

/** Starts the real server on the embedded database in `dir` and waits until it answers. */
export async function startServer(port: number, dir: string, env: Record<string, string> = {}): Promise<ChildProcess> {
  const server = spawnServer(port, dir, env);
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return server;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not start');
}

export const exited = (server: ChildProcess) =>
  new Promise<number | null>((r) => server.once('exit', (code) => r(code)));
