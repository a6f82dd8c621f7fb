/**
 * What the benchmarks share: a fresh database (in-memory PGlite, or a temporary database on
 * the server named by DATABASE_URL) whose statements are counted, the real app on it with
 * an Administrator signed in, and timing of repeated requests.
 */
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Logger } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase, openPglite, openPostgres, type Database, type Db } from '../apps/api/src/db/client';
import * as schema from '../apps/api/src/db/schema';
import { chunks as chunksOf } from '../apps/api/src/db/seed/demo-fleet';
import { seedLookups } from '../apps/api/src/db/seed/lookups';
import type { Deps } from '../apps/api/src/deps';
import type { DeviceGateway } from '../apps/api/src/gateway/gateway';
import { createTokens } from '../apps/api/src/access/tokens';
import { routes } from '@portal/contract';
import { percentile } from './report';
import { BENCH_ADMIN, insertAdministrator } from './seed-fleet';

export { schema };

let statements = 0;
const countingLogger: Logger = {
  logQuery: () => {
    statements += 1;
  },
};

export type BenchDatabase = { database: Database; counted: Db; close(): Promise<void> };

async function openPgliteBench(): Promise<BenchDatabase> {
  const database = await openPglite();
  const counted = drizzlePglite(database.client, {
    schema,
    casing: 'snake_case',
    logger: countingLogger,
  }) as unknown as Db;
  return { database, counted, close: () => database.close() };
}

/** A temporary database on the server, dropped at the end. */
async function openPostgresBench(serverUrl: string): Promise<BenchDatabase> {
  const name = `portal_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), 4);
  const pool = new pg.Pool({ connectionString: url.toString(), max: 4 });
  const counted = drizzlePg(pool, { schema, casing: 'snake_case', logger: countingLogger }) as unknown as Db;
  return {
    database,
    counted,
    async close() {
      await pool.end();
      await database.close();
      await dropWhenIdle(admin, name);
      await admin.end();
    },
  };
}

/** Drops the database once the closed pools' backends have gone (forcing it would kill them mid-goodbye). */
async function dropWhenIdle(admin: pg.Client, name: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await admin.query(`drop database if exists ${name}`);
      return;
    } catch (err) {
      if (attempt === 50) throw err;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** Rows in groups small enough for one insert statement's parameters. */
export const chunks = <T>(items: T[]) => chunksOf(items, 1000);

export function openBench(): Promise<BenchDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  return serverUrl ? openPostgresBench(serverUrl) : openPgliteBench();
}

const idleGateway: DeviceGateway = {
  start: async () => {},
  stop: async () => {},
  send: async () => {},
  status: () => ({ ok: true, kind: 'simulated', detail: 'bench: no devices', brokerDropped: null }),
};

/**
 * The database `npm run bench:seed` filled, as it is: the server named by DATABASE_URL, or
 * PGlite under DATA_DIR (bench/.data).
 */
export async function openSeeded(): Promise<BenchDatabase> {
  const database = await openDatabase(
    loadConfig({
      DATABASE_URL: process.env.DATABASE_URL,
      DATA_DIR: process.env.DATA_DIR ?? 'bench/.data',
      JWT_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'silent',
      DEMO: 'off',
    }),
  );
  return { database, counted: database.db, close: () => database.close() };
}

/**
 * The real app on the bench database, lookups seeded, with an Administrator's token (the
 * seeded database has its Administrator already).
 */
export async function benchApp(
  bench: BenchDatabase,
  { withAdministrator = true } = {},
): Promise<{ app: FastifyInstance; token: string }> {
  const config = loadConfig({
    JWT_SECRET: randomBytes(32).toString('hex'),
    DATA_DIR: tmpdir(),
    LOG_LEVEL: 'silent',
    DEMO: 'off',
  });
  const db = bench.database.db;
  await seedLookups(db);
  if (withAdministrator) await insertAdministrator(db);
  const deps: Deps = {
    config,
    database: bench.database,
    db: bench.counted,
    tokens: createTokens(config.jwtSecret, config.jwtTtlMinutes),
    mailer: { deliver: async () => {} },
    devices: idleGateway,
    now: () => new Date(),
  };
  const app = await buildApp({ deps });
  await app.ready();
  const login = await app.inject({
    method: 'POST',
    url: routes.auth.signIn.path,
    payload: { Username: BENCH_ADMIN.email, Password: BENCH_ADMIN.password },
  });
  return { app, token: (login.json() as { result: { token: string } }).result.token };
}

export type Measured = { median: number; p95: number; statements: number[]; bytes: number };

/** Times `runs` requests after a warm-up, counting the SQL statements of each. */
export async function measure(
  app: FastifyInstance,
  request: InjectOptions,
  runs: number,
  warmup = 5,
): Promise<Measured> {
  for (let i = 0; i < warmup; i++) await app.inject(request);
  const times: number[] = [];
  const counts = new Set<number>();
  let bytes = 0;
  for (let i = 0; i < runs; i++) {
    statements = 0;
    const started = performance.now();
    const res = await app.inject(request);
    times.push(performance.now() - started);
    counts.add(statements);
    if (res.statusCode !== 200)
      throw new Error(`${String(request.url)} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
    bytes = res.rawPayload.length;
  }
  times.sort((a, b) => a - b);
  return { median: percentile(times, 50), p95: percentile(times, 95), statements: [...counts], bytes };
}

/** A business with one property (Moab, Utah), for a bench that builds its own data. */
export async function benchProperty(db: Db, businessName: string, propertyName: string) {
  const [business] = await db.insert(schema.businessEntities).values({ legalName: businessName }).returning();
  const [site] = await db
    .insert(schema.sites)
    .values({
      busEntityId: business!.id,
      publicName: propertyName,
      physicalAddrLine1: '1 Bench Road',
      physicalCity: 'Moab',
      physicalZip: '84532',
      physicalStateId: 45,
      physicalCountryId: 236,
      timeZone: 'America/Denver',
    })
    .returning();
  return site!;
}
