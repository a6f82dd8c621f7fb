import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql, type ExtractTablesWithRelations, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything that runs queries: the database or an open transaction. */
export type Queryable = Db | Tx;

type Listener = (payload: string) => void;

export type Database = {
  db: Db;
  driver: 'pglite' | 'postgres';
  /**
   * LISTEN on a channel; returns a function that stops listening. `onResume` runs each time
   * the listening connection was lost and is back: notifications sent meanwhile are lost.
   */
  listen(channel: string, onPayload: Listener, onResume?: () => void): Promise<() => Promise<void>>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
};

export const MIGRATIONS_DIR = join(import.meta.dirname, 'migrations');

/** Work to run inside a transaction just before it commits, by transaction (see `beforeCommit`). */
const commitWork = new WeakMap<object, Array<() => Promise<void>>>();

/**
 * Runs `work` inside the transaction `q` once its callback has finished, just before it
 * commits (work of a transaction that fails is dropped with it). False when `q` is not a
 * transaction opened by `db.transaction` (the database itself, a savepoint): nothing is queued.
 */
export function beforeCommit(q: Queryable, work: () => Promise<void>): boolean {
  const queue = commitWork.get(q);
  queue?.push(work);
  return queue !== undefined;
}

/** Makes `db.transaction` run the work queued by `beforeCommit` at the end of each transaction. */
function withCommitWork(db: Db): Db {
  const transaction = db.transaction.bind(db);
  db.transaction = ((fn: (tx: Tx) => Promise<unknown>, config?: Parameters<Db['transaction']>[1]) =>
    transaction(async (tx) => {
      const queue: Array<() => Promise<void>> = [];
      commitWork.set(tx, queue);
      const result = await fn(tx);
      // work may queue more work
      for (let i = 0; i < queue.length; i++) await queue[i]!();
      commitWork.delete(tx);
      return result;
    }, config)) as Db['transaction'];
  return db;
}

/** Numbers as one `int[]` parameter: `= any(…)` over a list of any length, one placeholder. */
export const intArray = (ids: readonly number[]): SQL => sql`${`{${ids.join(',')}}`}::int[]`;

/** Rows of a raw SQL query, the same shape from both drivers. */
export async function rows<T>(q: Queryable, query: SQL): Promise<T[]> {
  const res = (await q.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

export async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  // JIT compiling spent 0.7 s on a report that runs in a fraction of that: the portal's
  // queries are short, so the planner's cost guesses should never buy a compile.
  const pool = new pg.Pool({ connectionString: url, max: poolSize, options: '-c jit=off' });
  // numeric and bigint counts arrive as strings from pg; keep numeric as text (precision),
  // but read int8 (count(*)) as a number like PGlite does.
  pg.types.setTypeParser(20, (v) => Number(v));
  const db = withCommitWork(drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Db);
  await migrateLocked(pool);
  // An idle connection that the server drops is replaced by the pool; without a listener
  // its error would end the process.
  pool.on('error', (err) => console.warn(`database: an idle connection failed: ${err.message}`));
  const handlers = new Map<string, Set<Listener>>();
  const resumers = new Set<() => void>();
  let closed = false;
  let listener: Promise<pg.PoolClient> | undefined;
  const quote = (channel: string) => `"${channel.replace(/"/g, '')}"`;

  /** One connection LISTENs on every channel; when it is lost, a new one takes over. */
  const listenConnection = (): Promise<pg.PoolClient> =>
    (listener ??= (async () => {
      const client = await pool.connect();
      client.on('notification', (n) => {
        for (const h of handlers.get(n.channel) ?? []) h(n.payload ?? '');
      });
      let lost = false;
      client.on('error', (err) => {
        // After close() has released it, or a second error for the same loss, there is nothing to hand back.
        if (closed || lost) return;
        lost = true;
        client.release(err);
        listener = undefined;
        console.warn(`database: the change listener was lost (${err.message}); reconnecting`);
        void relisten();
      });
      try {
        for (const channel of handlers.keys()) await client.query(`LISTEN ${quote(channel)}`);
      } catch (err) {
        if (!lost) client.release(true);
        lost = true;
        throw err;
      }
      return client;
    })().catch((err: unknown) => {
      listener = undefined;
      throw err;
    }));

  let relistening = false;
  /** Connects the listener again, once a second until it listens; then tells who listens that notifications were lost. */
  const relisten = async (): Promise<void> => {
    if (relistening) return;
    relistening = true;
    try {
      for (;;) {
        await new Promise((r) => setTimeout(r, 1000).unref());
        if (closed) return;
        try {
          await listenConnection();
          break;
        } catch (err) {
          console.warn(`database: the change listener cannot reconnect yet (${(err as Error).message})`);
        }
      }
    } finally {
      relistening = false;
    }
    for (const resume of resumers) resume();
  };

  return {
    db,
    driver: 'postgres',
    async listen(channel, onPayload, onResume) {
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        await (await listenConnection()).query(`LISTEN ${quote(channel)}`);
      }
      set.add(onPayload);
      if (onResume) resumers.add(onResume);
      return async () => {
        set.delete(onPayload);
        if (onResume) resumers.delete(onResume);
      };
    },
    async ping() {
      try {
        await pool.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      closed = true;
      const client = await listener?.catch(() => undefined);
      // Destroyed rather than pooled: a connection still LISTENing is no use to anyone.
      client?.release(true);
      await pool.end();
    },
  };
}

/** The advisory lock every instance takes to migrate: this number and the database's name. */
const MIGRATION_LOCK = 7_311_006;

/**
 * Applies the migrations under a session-level advisory lock on one connection: instances
 * starting together on an empty database migrate one after the other, and the later ones
 * find nothing left to do (drizzle's own transaction does not stop two from creating its
 * schema and the first tables at once).
 */
async function migrateLocked(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1, hashtext(current_database()))', [MIGRATION_LOCK]);
    await migratePg(drizzlePg(client, { casing: 'snake_case' }), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    // Ending the session releases the lock too, so a failed unlock must not hide the migration's error.
    await client
      .query('select pg_advisory_unlock($1, hashtext(current_database()))', [MIGRATION_LOCK])
      .catch(() => undefined);
    client.release();
  }
}

export type PgliteDatabase = Database & { client: PGlite };

/**
 * The embedded database: files under `dataDir`, or in memory without one. Tests start
 * from `loadDataDir`, a dump of a migrated template, which skips initdb and migrations.
 * `settings` are added to its postgresql.conf for this run.
 */
export async function openPglite(
  dataDir?: string,
  loadDataDir?: Blob,
  settings: string[] = [],
): Promise<PgliteDatabase> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
    // The default keeps up to 1 GB of write-ahead log beside the data: half the demo's disk.
    // Shared buffers are the process's own memory, every page of them (the default is 128 MB);
    // a page that is not in them is a read of an ordinary file, most often from the system's cache.
    postgresqlconf: ['max_wal_size = 96MB', 'min_wal_size = 32MB', 'shared_buffers = 32MB', ...settings],
  });
  const db = withCommitWork(drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Db);
  await migratePglite(drizzlePglite(client, { casing: 'snake_case' }), { migrationsFolder: MIGRATIONS_DIR });
  return {
    client,
    db,
    driver: 'pglite',
    async listen(channel, onPayload) {
      const stop = await client.listen(channel, onPayload);
      return stop;
    },
    async ping() {
      try {
        await client.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      await client.close();
    },
  };
}

/** Where the embedded database keeps its files under DATA_DIR. */
export const embeddedDir = (dataDir: string) => join(dataDir, 'pg');

/** The embedded database under DATA_DIR, or the server named by DATABASE_URL. */
export function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(embeddedDir(opts.dataDir));
}
