/**
 * My Properties at scale: 50 properties x 200 locations (with meters), listed 50 times
 * by an Administrator through the real app. Prints the median and p95 time per request
 * and the SQL statements each request runs (counted by a drizzle logger).
 *
 *   npx tsx bench/sites-list.ts                        # a fresh in-memory PGlite
 *   DATABASE_URL=postgres://… npx tsx bench/sites-list.ts  # a temporary database on that server
 */
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { Logger } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { Role } from '@portal/contract';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { openPglite, openPostgres, type Database, type Db } from '../apps/api/src/db/client';
import * as schema from '../apps/api/src/db/schema';
import { seedLookups } from '../apps/api/src/db/seed/lookups';
import type { Deps } from '../apps/api/src/deps';
import type { DeviceGateway } from '../apps/api/src/devices/gateway';
import { hashPassword } from '../apps/api/src/features/auth/passwords';
import { createAccount } from '../apps/api/src/features/auth/queries';
import { createTokens } from '../apps/api/src/features/auth/tokens';

const SITES = 50;
const LOCATIONS_PER_SITE = 200;
const RUNS = 50;
const WARMUP = 5;
const CHUNK = 1000;

let statements = 0;
const countingLogger: Logger = {
  logQuery: () => {
    statements += 1;
  },
};

type BenchDatabase = { database: Database; counted: Db; close(): Promise<void> };

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

const chunks = <T>(items: T[]) =>
  Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, i) => items.slice(i * CHUNK, (i + 1) * CHUNK));

/** Properties of 200 locations: every third checked in, every 17th meter out of service, every 23rd missing, every 50th location deleted, every 4th with a water meter too. */
async function buildFleet(db: Db): Promise<void> {
  const [business] = await db.insert(schema.businessEntities).values({ legalName: 'Bench Parks Inc' }).returning();
  const sites = await db
    .insert(schema.sites)
    .values(
      Array.from({ length: SITES }, (_, i) => ({
        busEntityId: business!.id,
        publicName: `Bench Property ${String(i + 1).padStart(2, '0')}`,
        physicalAddrLine1: `${i + 1} Bench Road`,
        physicalCity: 'Moab',
        physicalZip: '84532',
        physicalStateId: 45,
        physicalCountryId: 236,
        timeZone: 'America/Denver',
      })),
    )
    .returning({ id: schema.sites.id });
  await db.insert(schema.siteSettings).values(sites.map((s) => ({ siteId: s.id })));
  await db
    .insert(schema.siteIntegrations)
    .values(
      sites.map((s, i) => ({ siteId: s.id, partnerId: 1, partnerPropertyKey: `CampspotBenchProperty${i + 1}Ut` })),
    );
  const locationRows = sites.flatMap((site, s) =>
    Array.from({ length: LOCATIONS_PER_SITE }, (_, l) => {
      const n = s * LOCATIONS_PER_SITE + l;
      return {
        siteId: site.id,
        description: `Site ${l + 1}`,
        publicName: `BENCH${n}`,
        isCheckedIn: n % 3 === 0,
        deleted: n % 50 === 49,
      };
    }),
  );
  const locationIds: number[] = [];
  for (const chunk of chunks(locationRows)) {
    const inserted = await db.insert(schema.locations).values(chunk).returning({ id: schema.locations.id });
    locationIds.push(...inserted.map((r) => r.id));
  }
  const meterRows = locationIds.flatMap((locationId, n) => {
    const electric = {
      name: `E${String(n).padStart(6, '0')}`,
      deviceTypeId: 1,
      locationId,
      slot: 1,
      activeInd: n % 17 === 0 ? 0 : 1,
      isMissingDevice: n % 23 === 0,
    };
    const water = {
      name: `W${String(n).padStart(6, '0')}`,
      deviceTypeId: 7,
      locationId,
      slot: 2,
      activeInd: 1,
      isMissingDevice: false,
    };
    return n % 4 === 0 ? [electric, water] : [electric];
  });
  for (const chunk of chunks(meterRows)) {
    await db.insert(schema.servicePoints).values(chunk.map((m) => ({ ...m, deviceKey: `dk-${m.name}` })));
  }
  console.log(`built ${sites.length} properties, ${locationIds.length} locations, ${meterRows.length} meters`);
}

const idleGateway: DeviceGateway = {
  start: async () => {},
  stop: async () => {},
  send: async () => {},
  status: () => ({ ok: true, kind: 'simulated', detail: 'bench: no devices' }),
};

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function main() {
  const serverUrl = process.env.DATABASE_URL;
  const bench = serverUrl ? await openPostgresBench(serverUrl) : await openPgliteBench();
  const config = loadConfig({
    JWT_SECRET: randomBytes(32).toString('hex'),
    DATA_DIR: tmpdir(),
    LOG_LEVEL: 'silent',
    DEMO: 'off',
  });
  try {
    const db = bench.database.db;
    await seedLookups(db);
    await buildFleet(db);
    const administrator = { email: 'bench-administrator@bench.local', password: 'Bench#Admin2026' };
    await createAccount(db, {
      ...administrator,
      username: null,
      passwordHash: await hashPassword(administrator.password),
      firstName: 'Bench',
      lastName: 'Admin',
      roleId: Role.Administrator,
      active: true,
    });
    const deps: Deps = {
      config,
      database: bench.database,
      db: bench.counted,
      tokens: createTokens(config.jwtSecret, config.jwtTtlMinutes),
      mailer: { send: async () => {} },
      devices: idleGateway,
      now: () => new Date(),
    };
    const app = await buildApp({ deps });
    await app.ready();
    const login = await app.inject({
      method: 'POST',
      url: '/api/Account/Authenticate',
      payload: { Username: administrator.email, Password: administrator.password },
    });
    const token = (login.json() as { result: { token: string } }).result.token;
    const list = () =>
      app.inject({
        method: 'GET',
        url: '/api/site/GetSitesWithLocationStatesBasedOnUserRole',
        headers: { authorization: `Bearer ${token}` },
      });

    for (let i = 0; i < WARMUP; i++) await list();
    const times: number[] = [];
    const counts = new Set<number>();
    let bytes = 0;
    let properties = 0;
    for (let i = 0; i < RUNS; i++) {
      statements = 0;
      const started = performance.now();
      const res = await list();
      times.push(performance.now() - started);
      counts.add(statements);
      if (res.statusCode !== 200) throw new Error(`list answered ${res.statusCode}: ${res.body}`);
      bytes = res.rawPayload.length;
      properties = (res.json() as { result: unknown[] }).result.length;
    }
    times.sort((a, b) => a - b);
    console.log(
      [
        `database: ${bench.database.driver}`,
        `My Properties as Administrator, ${RUNS} requests: ${properties} properties, ${(bytes / 1024).toFixed(1)} KiB each`,
        `median ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms`,
        `SQL statements per request: ${[...counts].join(', ')} (the caller's session, then the list)`,
      ].join('\n'),
    );
    await app.close();
  } finally {
    await bench.close();
  }
}

await main();
