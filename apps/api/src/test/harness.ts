import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import type { Envelope } from '@portal/contract';
import { buildApp } from '../app';
import type { Config } from '../config';
import { openPglite, openPostgres, type Database } from '../db/client';
import { seedLookups } from '../db/seed/lookups';
import type { Deps } from '../deps';
import type { DeviceGateway } from '../gateway/gateway';
import { createTokens } from '../access/tokens';
import { portalEvents } from '../features/devices/broker-drops';
import { TestGateway } from './gateway';
import { deliverMails, type Mail, type Mailer } from '../lib/mailer';
import { actingAs, type Context } from '../access/actor';

export const TEST_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

type TestClock = { now: () => Date; set(date: Date): void; advance(ms: number): void };

function testClock(): TestClock {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    set: (date) => {
      offset = date.getTime() - Date.now();
    },
    advance: (ms) => {
      offset += ms;
    },
  };
}

export type TestApp = {
  app: FastifyInstance;
  deps: Deps;
  /** What a job's work is called with: the dependencies, a job as actor. */
  job: Context;
  clock: TestClock;
  gateway: TestGateway;
  /**
   * What the database client does once its change listener reconnected (PostgreSQL only):
   * tells every listener that notifications may have been lost meanwhile.
   */
  listenerResumed(): void;
  /** The PostgreSQL database of this app (null on PGlite): a second instance opens its own pool on it. */
  databaseUrl: string | null;
  /** Mails delivered (the outbox is drained after each `call`), newest last. */
  mails: Mail[];
  close(): Promise<void>;
  /** app.inject with an optional bearer token; answers the parsed envelope. */
  call<T = unknown>(
    opts: InjectOptions & { token?: string },
  ): Promise<{ status: number; body: Envelope<T>; headers: Record<string, unknown> }>;
};

/**
 * A fresh database per test file: a loaded PGlite template by default, or a new
 * database on the PostgreSQL server named by TEST_DATABASE_URL.
 */
async function freshDatabase(): Promise<{ database: Database; url: string | null; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const template = new Blob([readFileSync(inject('templatePath'))]);
    return { database: await openPglite(undefined, template), url: null, drop: async () => {} };
  }
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), 4);
  await seedLookups(database.db);
  return {
    database,
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * An app on a fresh database, its meters behind a TestGateway, or behind `devices` (a real
 * gateway: `gateway` then stays idle). Its clock is the test clock.
 */
export async function createTestApp(overrides: Partial<Config> = {}, devices?: DeviceGateway): Promise<TestApp> {
  const { database, url: databaseUrl, drop } = await freshDatabase();
  const clock = testClock();
  const gateway = new TestGateway();
  const mails: Mail[] = [];
  const mailer: Mailer = {
    async deliver(mail) {
      mails.push(mail);
    },
  };
  const config: Config = {
    port: 0,
    host: '127.0.0.1',
    dataDir: '/nonexistent',
    databaseUrl: undefined,
    mqtt: {
      url: undefined,
      clientId: 'portal-test',
      shareGroup: 'portal-test',
      sessionExpirySeconds: 3_600,
      topicPrefix: 'meters',
      droppedTopic: null,
    },
    smtpUrl: undefined,
    mailFrom: 'test@localhost',
    jwtSecret: TEST_SECRET,
    jwtTtlMinutes: 60,
    demo: false,
    publicUrl: 'http://portal.test',
    meterHost: undefined,
    logLevel: 'silent',
    webDist: '/nonexistent',
    trustProxy: false,
    simulator: { speed: 10, readingSeconds: 30, heartbeatSeconds: 60, answerDelayMs: [1_000, 5_000] },
    devices: {
      missingAfterMinutes: 15,
      commandTimeoutSeconds: 60,
      confirmWaitMs: 0,
    },
    clockSkewSeconds: 300,
    readingMaxAgeDays: 35,
    statementLinkDays: 90,
    sourceMaps: false,
    webhookAllowPrivate: true,
    ...overrides,
  };
  const resumers = new Set<() => void>();
  const listen = database.listen.bind(database);
  database.listen = (channel, onPayload, onResume) => {
    if (onResume) resumers.add(onResume);
    return listen(channel, onPayload, onResume);
  };
  const deps: Deps = {
    config,
    database,
    db: database.db,
    tokens: createTokens(config.jwtSecret, config.jwtTtlMinutes),
    mailer,
    devices: devices ?? gateway,
    now: clock.now,
  };
  const app = await buildApp({ deps });
  await app.ready();
  await deps.devices.start(portalEvents(deps, app.log));
  return {
    app,
    deps,
    job: actingAs(deps, { kind: 'job', name: 'test' }, app.log),
    clock,
    gateway,
    databaseUrl,
    mails,
    listenerResumed() {
      for (const resume of resumers) resume();
    },
    async close() {
      await app.close();
      await devices?.stop();
      await database.close();
      await drop();
    },
    async call<T>(opts: InjectOptions & { token?: string }) {
      const { token, ...rest } = opts;
      const res = await app.inject({
        ...rest,
        headers: { ...(rest.headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      });
      // the delivery job's work, at once: a test reads the mails a call queued
      await deliverMails(deps);
      return { status: res.statusCode, body: res.json() as Envelope<T>, headers: res.headers };
    },
  };
}
