import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { exited, spawnServer, startServer } from './test/spawned-server';

const dataDir = mkdtempSync(join(tmpdir(), 'portal-durability-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const start = (port: number, dir = dataDir) => startServer(port, dir);

const post = (port: number, path: string, body: object) =>
  fetch(`http://127.0.0.1:${port}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('embedded database durability', () => {
  const port = 38_000 + Math.floor(Math.random() * 2000);
  const account = { email: 'durable@test.local', fullname: 'Dura Ble', username: 'durable', password: 'Durable#2026' };

  it('keeps a committed account across a kill -9 and a graceful restart', async () => {
    let server = await start(port);
    expect((await post(port, '/api/auth/register', account)).status).toBe(200);
    server.kill('SIGKILL');
    await exited(server);

    server = await start(port);
    const signIn = await post(port, '/api/Account/Authenticate', {
      Username: account.email,
      Password: account.password,
    });
    expect(signIn.status).toBe(200);
    server.kill('SIGTERM');
    expect(await exited(server)).toBe(0);

    server = await start(port);
    const again = await post(port, '/api/Account/Authenticate', {
      Username: account.email,
      Password: account.password,
    });
    expect(again.status).toBe(200);
    server.kill('SIGTERM');
    await exited(server);
  }, 180_000);

  it('starts over when a first start was killed while it built the database, keeping nothing of it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'portal-first-start-'));
    try {
      // killed as soon as it builds the new database beside its place
      const first = spawnServer(port + 1, dir);
      const deadline = Date.now() + 60_000;
      while (!existsSync(join(dir, 'pg.building')) && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 20));
      first.kill('SIGKILL');
      await exited(first);
      expect(existsSync(join(dir, 'pg'))).toBe(false);
      // and what an earlier killed attempt may have left there is not kept either
      mkdirSync(join(dir, 'pg.building'), { recursive: true });
      writeFileSync(join(dir, 'pg.building', 'left-over'), Buffer.alloc(1024 * 1024));

      const server = await start(port + 1, dir);
      expect(readdirSync(dir).sort()).toEqual(['jwt-secret', 'pg']);
      expect((await post(port + 1, '/api/auth/register', account)).status).toBe(200);
      server.kill('SIGTERM');
      expect(await exited(server)).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
