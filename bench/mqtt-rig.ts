/**
 * What the MQTT measurements share: a fresh PostgreSQL database with a property of meters,
 * the portal started as `npm start` runs it against the broker, the publisher process, and
 * the check of what was stored against what was published.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import mqtt from 'mqtt';
import pg from 'pg';
import { openPostgres, rows } from '../apps/api/src/db/client';
import { seedLookups } from '../apps/api/src/db/seed/lookups';
import { recordReadings } from '../apps/api/src/features/meters/readings';
import type { Published, PublisherSettings } from './mqtt-publisher';
import { STEP } from './mqtt-publisher';
import { freePort } from './processes';
import { insertFleet } from './seed-fleet';

const root = join(import.meta.dirname, '..');

export type Rig = {
  databaseUrl: string;
  keys: string[];
  /** When the first reading of every meter is stamped. */
  firstAt: number;
  /** The portal on this database and broker; resolves once it listens (its gateway is connected then). */
  startPortal(): Promise<ChildProcess>;
  /** The broker's count of dropped messages as the portal last started shows it on /api/health (null: none read). */
  brokerDropped(): Promise<number | null>;
  /** The publisher process, from the reading `from` on; resolves with what the broker acknowledged. */
  publish(count: number, rate: number, from?: number): { done: Promise<Published>; process: ChildProcess };
  storedCount(): Promise<number>;
  check(published: Published): Promise<Check>;
  close(): Promise<void>;
};

export type Check = {
  published: number;
  stored: number;
  /** Published readings not in meter_readings. */
  lost: number;
  /** Meters whose usage total is more than a step a stored reading (a reading counted twice), and by how much in all. */
  doubleCountedMeters: number;
  doubleCountedUsage: number;
  /** Meters whose usage total is less than their stored readings add up to. */
  underCountedMeters: number;
};

/** A database `portal_mqtt_…` on the server of `serverUrl` with `meters` meters on one property. */
export async function mqttRig(opts: { serverUrl: string; mqttUrl: string; meters: number }): Promise<Rig> {
  const name = `portal_mqtt_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: opts.serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(opts.serverUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const database = await openPostgres(databaseUrl, 4);
  await seedLookups(database.db);
  const perSite = Math.ceil(opts.meters / 2);
  await insertFleet(database.db, { sites: 1, locationsPerSite: perSite, largest: perSite });
  const firstAt = Date.now() - 24 * 3_600_000;
  const meters = (
    await rows<{ id: number; device_key: string }>(
      database.db,
      sql`select id, device_key from service_points order by id`,
    )
  ).slice(0, opts.meters);
  // A stored reading a step below the first published one: each published reading stored once adds a step.
  await database.db.transaction((tx) =>
    recordReadings(
      tx,
      meters.map((m) => ({
        servicePointId: m.id,
        readAt: new Date(firstAt - 1000),
        total: (1000 - STEP).toFixed(2),
        isReset: false,
      })),
    ),
  );
  const keys = meters.map((m) => m.device_key);
  const dir = mkdtempSync(join(tmpdir(), 'portal-mqtt-'));
  const keysFile = join(dir, 'keys.json');
  writeFileSync(keysFile, JSON.stringify(keys));
  const run = randomBytes(4).toString('hex');
  const jwtSecret = randomBytes(32).toString('hex');
  // the rig's own topics: nothing else on the broker hears its meters, nor it theirs
  const topicPrefix = `bench-${run}/meters`;

  let portalPort = 0;
  return {
    databaseUrl,
    keys,
    firstAt,
    async startPortal() {
      const port = await freePort();
      portalPort = port;
      const child = spawn(process.execPath, ['--max-semi-space-size=64', '--import', 'tsx', 'apps/api/src/main.ts'], {
        cwd: root,
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dir,
          DATABASE_URL: databaseUrl,
          JWT_SECRET: jwtSecret,
          MQTT_URL: opts.mqttUrl,
          // One instance, restarted under the same name: the broker keeps its session.
          MQTT_CLIENT_ID: `portal-bench-${run}`,
          MQTT_SHARE_GROUP: `portal-bench-${run}`,
          MQTT_TOPIC_PREFIX: topicPrefix,
          DEMO: 'off',
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      await new Promise<void>((resolve, reject) => {
        let output = '';
        child.stdout!.on('data', (chunk: Buffer) => {
          output += chunk.toString('utf8');
          if (output.includes('Metering portal:')) resolve();
        });
        child.once('exit', (code, signal) =>
          reject(new Error(`the portal stopped (${code ?? signal}) before it listened`)),
        );
      });
      return child;
    },
    async brokerDropped() {
      const res = await fetch(`http://127.0.0.1:${portalPort}/api/health`);
      const health = (await res.json()) as { result: { devices: { brokerDropped: { count: number } | null } } };
      return health.result.devices.brokerDropped?.count ?? null;
    },
    publish(count, rate, from = 0) {
      const settings: PublisherSettings = { url: opts.mqttUrl, topicPrefix, keysFile, from, count, rate, firstAt };
      const child = spawn(process.execPath, ['--import', 'tsx', 'bench/mqtt-publisher.ts', JSON.stringify(settings)], {
        cwd: root,
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let output = '';
      child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
      const done = new Promise<Published>((resolve, reject) =>
        child.once('exit', (code) =>
          code === 0
            ? resolve(JSON.parse(output.trim().split('\n').at(-1)!) as Published)
            : reject(new Error(`the publisher stopped (${code})`)),
        ),
      );
      return { done, process: child };
    },
    async storedCount() {
      const [r] = await rows<{ n: number }>(database.db, sql`select count(*)::int as n from meter_readings`);
      return r!.n - meters.length;
    },
    async check(published) {
      const found = await rows<{ device_key: string; stored: number; usage_total: string }>(
        database.db,
        sql`
        select sp.device_key, count(r.read_at)::int as stored, sp.usage_total
        from service_points sp left join meter_readings r on r.service_point_id = sp.id and r.read_at >= ${new Date(firstAt)}
        group by sp.id order by sp.id`,
      );
      const check: Check = {
        published: published.published,
        stored: 0,
        lost: 0,
        doubleCountedMeters: 0,
        doubleCountedUsage: 0,
        underCountedMeters: 0,
      };
      for (const f of found) {
        const sent = published.perMeter[f.device_key] ?? 0;
        check.stored += f.stored;
        check.lost += Math.max(0, sent - f.stored);
        const excess = Number(f.usage_total) - f.stored * STEP;
        if (excess > 1e-6) {
          check.doubleCountedMeters += 1;
          check.doubleCountedUsage += excess;
        } else if (excess < -1e-6) check.underCountedMeters += 1;
      }
      return check;
    },
    async close() {
      await database.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
      // The instance's session on the broker goes with the database.
      const gone = await mqtt.connectAsync(opts.mqttUrl, {
        protocolVersion: 5,
        clientId: `portal-bench-${run}`,
        clean: true,
      });
      await gone.endAsync();
    },
  };
}
