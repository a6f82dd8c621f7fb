import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { until } from '../test/until';
import { rows } from './client';

/** The PostgreSQL driver's change listener (TEST_DATABASE_URL; PGlite has no connections to lose). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the PostgreSQL change listener', () => {
  it('listens again on a new connection when the server ends its connection', async () => {
    const got: string[] = [];
    await t.deps.database.listen('listener_test', (payload) => got.push(payload));
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
  });
});
