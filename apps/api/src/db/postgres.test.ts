import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { loadConfig } from '../config';
import { createTestApp, type TestApp } from '../test/harness';
import { until } from '../test/until';
import { openPostgres, rows } from './client';
import { prepareDatabase } from './prepare';
import { demoAccounts } from './seed/demo';
import { demoSites } from './seed/demo-sites';

/** The PostgreSQL driver's change listener (TEST_DATABASE_URL; PGlite has no connections to lose). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the PostgreSQL change listener', () => {
  it('listens again on a new connection when the server ends its connection, and says so', async () => {
    const got: string[] = [];
    let resumed = 0;
    await t.deps.database.listen(
      'listener_test',
      (payload) => got.push(payload),
      () => resumed++,
    );
    const [before] = await rows<{ pid: number }>(
      t.deps.db,
      sql`select pid from pg_stat_activity where datname = current_database() and query like 'LISTEN%'`,
    );
    expect(before).toBeDefined();
    await t.deps.db.execute(sql`select pg_terminate_backend(${before!.pid})`);

    // The listener comes back after a pause; until then a notification reaches no one.
    let delivered = false;
    for (let i = 0; i < 40 && !delivered; i++) {
      await t.deps.db.execute(sql`select pg_notify('listener_test', 'after')`);
      delivered = await until(() => got.includes('after'), 250);
    }
    expect(delivered).toBe(true);
    const [after] = await rows<{ pid: number }>(
      t.deps.db,
      sql`select pid from pg_stat_activity where datname = current_database() and query like 'LISTEN%'`,
    );
    expect(after!.pid).not.toBe(before!.pid);
    // notifications sent meanwhile are lost: who listens is told, once (the hub then tells its sockets to resync)
    expect(resumed).toBe(1);
  });
});

/** A new, empty database on the server of TEST_DATABASE_URL for `use`, dropped after it. */
async function withEmptyDatabase(use: (url: string) => Promise<void>): Promise<void> {
  const server = process.env.TEST_DATABASE_URL!;
  const name = `portal_empty_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  try {
    await use(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

/** What each of several starts made of: opened, or the error it failed with. */
const outcomes = (settled: PromiseSettledResult<unknown>[]) =>
  settled.map((o) => (o.status === 'rejected' ? String(o.reason) : 'opened'));

describe('migrations on PostgreSQL', () => {
  it('let any number of instances start together on an empty database', async () => {
    await withEmptyDatabase(async (url) => {
      const opened = await Promise.allSettled([1, 2, 3].map(() => openPostgres(url, 2)));
      for (const o of opened) if (o.status === 'fulfilled') await o.value.close();
      expect(outcomes(opened)).toEqual(['opened', 'opened', 'opened']);
    });
  });
});

describe('the demo on PostgreSQL', () => {
  it('is seeded once when several instances start together with DEMO=1, and every one of them starts', async () => {
    await withEmptyDatabase(async (url) => {
      const config = loadConfig({ DATABASE_URL: url, JWT_SECRET: 'x'.repeat(32), DEMO: '1' });
      const log = pino({ level: 'silent' });
      const started = await Promise.allSettled([1, 2, 3].map(() => prepareDatabase(config, log)));
      for (const o of started) if (o.status === 'fulfilled') await o.value.close();
      expect(outcomes(started)).toEqual(['opened', 'opened', 'opened']);
      const check = await openPostgres(url, 1);
      try {
        const [seeded] = await rows<{ sites: number; admins: number }>(
          check.db,
          sql`select (select count(*) from sites) as sites,
            (select count(*) from user_accounts where lower(email) = ${demoAccounts[0]!.email}) as admins`,
        );
        expect(seeded).toEqual({ sites: demoSites.length, admins: 1 });
      } finally {
        await check.close();
      }
    });
  }, 300_000);
});
