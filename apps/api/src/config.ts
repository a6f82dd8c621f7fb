import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';
import { DEVICE_CONTROL_COOLDOWN_S } from '@portal/contract';
import { z } from 'zod';
import type { SimulatorSettings } from './gateway/simulated';
import { DEFAULT_TOPIC_PREFIX } from './gateway/topics';

const flag = z
  .enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no'])
  .optional()
  .transform((v) => (v === undefined ? undefined : ['1', 'true', 'on', 'yes'].includes(v)));

/** A client id or share group name: nothing MQTT reads as a separator or wildcard. */
const mqttNameSetting = z
  .string()
  .regex(/^[\w.-]{1,100}$/, 'letters, digits, . _ or -, up to 100')
  .optional();

/**
 * The first levels of the deployment's meter topics: levels of letters, digits and `. _ : -`
 * joined by `/`; no wildcard, no `$` (the broker's own topics), no empty level.
 */
const topicPrefixSetting = z
  .string()
  .max(100, 'up to 100 characters')
  .regex(/^[\w.:-]+(\/[\w.:-]+)*$/, 'levels of letters, digits, . _ : or - joined by / (like staging/meters)')
  .default(DEFAULT_TOPIC_PREFIX);

/** Where the broker publishes its dropped-message count: a topic, `+` for one level (a count a node); `off`: not read. */
const droppedTopicSetting = z
  .string()
  .regex(/^(\+|[^/+#\s]+)(\/(\+|[^/+#\s]+))*$/, 'a topic, with + for a level that varies, or off')
  .default('$SYS/broker/publish/messages/dropped')
  .transform((v) => (v === 'off' ? null : v));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.url().optional(),
  MQTT_URL: z.url().optional(),
  MQTT_CLIENT_ID: mqttNameSetting,
  MQTT_SHARE_GROUP: mqttNameSetting,
  MQTT_TOPIC_PREFIX: topicPrefixSetting,
  MQTT_DROPPED_TOPIC: droppedTopicSetting,
  MQTT_SESSION_EXPIRY_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(7 * 86_400)
    .default(3_600),
  SMTP_URL: z.url().optional(),
  MAIL_FROM: z.string().default('Metering Portal <no-reply@localhost>'),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  JWT_TTL_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(60),
  DEMO: flag,
  PUBLIC_URL: z.url().optional(),
  METER_HOST: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: flag,
  SIMULATOR_SPEED: z.coerce.number().min(1).max(3600).default(10),
  SIMULATOR_READING_SECONDS: z.coerce.number().min(1).max(3600).default(30),
  SIMULATOR_HEARTBEAT_SECONDS: z.coerce.number().min(1).max(3600).default(60),
  /** How long a simulated meter takes to answer a command: 'min-max' milliseconds, or one figure. */
  SIMULATOR_ANSWER_MS: z
    .string()
    .regex(/^\d+(-\d+)?$/, 'milliseconds, or a range like 1000-5000')
    .default('1000-5000')
    .transform((v) => {
      const [min, max = min] = v.split('-').map(Number) as [number, number?];
      return [min, Math.max(min, max)] as [number, number];
    }),
  MISSING_AFTER_MINUTES: z.coerce.number().min(1).max(10_080).default(15),
  // The device control panel concludes 'no response' 45 s after a command (DEVICE_CONTROL_COOLDOWN_S): the server gives up then too.
  COMMAND_TIMEOUT_SECONDS: z.coerce.number().min(5).max(3600).default(DEVICE_CONTROL_COOLDOWN_S),
  CONFIRM_WAIT_MS: z.coerce.number().int().min(0).max(30_000).default(6_000),
  CLOCK_SKEW_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
  READING_MAX_AGE_DAYS: z.coerce.number().int().min(1).max(3_650).default(35),
  STATEMENT_LINK_DAYS: z.coerce.number().int().min(1).max(3_650).default(90),
  SOURCE_MAPS: flag,
  WEBHOOK_ALLOW_PRIVATE: flag,
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  mqtt: {
    /** The broker; unset runs the simulated fleet in the process. */
    url: string | undefined;
    /** Stable per instance: the broker keeps the instance's session (and its unacknowledged messages) under it. */
    clientId: string;
    /** The deployment's shared-subscription group: each message goes to one of its instances. */
    shareGroup: string;
    /** How long the broker keeps the session of an instance that is away, with its share of the messages. */
    sessionExpirySeconds: number;
    /** The deployment's meter topics are `{topicPrefix}/{deviceKey}/…`: it hears no topic outside them. */
    topicPrefix: string;
    /** Where the broker publishes how many messages it dropped (null: not read). */
    droppedTopic: string | null;
  };
  smtpUrl: string | undefined;
  mailFrom: string;
  jwtSecret: string;
  jwtTtlMinutes: number;
  demo: boolean;
  publicUrl: string;
  meterHost: string | undefined;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  webDist: string;
  trustProxy: boolean;
  simulator: SimulatorSettings;
  devices: {
    /** A meter silent for longer is missing. */
    missingAfterMinutes: number;
    /** A command without an answer for longer has timed out. */
    commandTimeoutSeconds: number;
    /** How long check-in, check-out and retries wait for the meters before answering 410. */
    confirmWaitMs: number;
  };
  /** A reading stamped further ahead of the server's clock is refused. */
  clockSkewSeconds: number;
  /** A reading older than this many days is refused ('tooOld'), whatever path it comes by. */
  readingMaxAgeDays: number;
  /** A stay's guest link works this many days after check-out. */
  statementLinkDays: number;
  /** Serve the web app's source maps (they show its source to anyone who asks). */
  sourceMaps: boolean;
  /** Webhooks may go to private and loopback addresses (the embedded demo's default; else off). */
  webhookAllowPrivate: boolean;
};

/** Reads the environment once; lists every problem and stops when anything is wrong. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means unset, as shells and service managers often write them.
  const set = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = envSchema.safeParse(set);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  if (e.DATABASE_URL && !e.JWT_SECRET) {
    throw new Error(
      'Invalid configuration:\n  JWT_SECRET: required when DATABASE_URL is set (all instances must share it)',
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    mqtt: {
      url: e.MQTT_URL,
      clientId: e.MQTT_CLIENT_ID ?? mqttName(`portal-${hostname()}-${e.PORT}`),
      shareGroup: e.MQTT_SHARE_GROUP ?? mqttName(`portal-${deploymentName(e) ?? `${hostname()}-${e.PORT}`}`),
      sessionExpirySeconds: e.MQTT_SESSION_EXPIRY_SECONDS,
      topicPrefix: e.MQTT_TOPIC_PREFIX,
      droppedTopic: e.MQTT_DROPPED_TOPIC,
    },
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    jwtSecret: e.JWT_SECRET ?? localSecret(dataDir),
    jwtTtlMinutes: e.JWT_TTL_MINUTES,
    demo: e.DEMO ?? !e.DATABASE_URL,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    meterHost: e.METER_HOST,
    logLevel: e.LOG_LEVEL,
    webDist: resolve(e.WEB_DIST ?? join(import.meta.dirname, '../../web/dist')),
    trustProxy: e.TRUST_PROXY ?? false,
    simulator: {
      speed: e.SIMULATOR_SPEED,
      readingSeconds: e.SIMULATOR_READING_SECONDS,
      heartbeatSeconds: e.SIMULATOR_HEARTBEAT_SECONDS,
      answerDelayMs: e.SIMULATOR_ANSWER_MS,
    },
    devices: {
      missingAfterMinutes: e.MISSING_AFTER_MINUTES,
      commandTimeoutSeconds: e.COMMAND_TIMEOUT_SECONDS,
      confirmWaitMs: e.CONFIRM_WAIT_MS,
    },
    clockSkewSeconds: e.CLOCK_SKEW_SECONDS,
    readingMaxAgeDays: e.READING_MAX_AGE_DAYS,
    statementLinkDays: e.STATEMENT_LINK_DAYS,
    sourceMaps: e.SOURCE_MAPS ?? false,
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE ?? e.DEMO ?? !e.DATABASE_URL,
  };
}

/**
 * What every instance of one deployment shares, and another deployment on the same broker
 * does not: the public address, else the database server and name.
 */
function deploymentName(e: z.infer<typeof envSchema>): string | undefined {
  if (e.PUBLIC_URL) return new URL(e.PUBLIC_URL).host;
  if (e.DATABASE_URL) {
    const db = new URL(e.DATABASE_URL);
    return `${db.host}${db.pathname}`;
  }
  return undefined;
}

/** A derived client id or share group name, made to fit `mqttNameSetting`. */
const mqttName = (name: string) => name.replace(/[^\w.-]+/g, '-').slice(0, 100);

/** The embedded default generates its signing secret once and keeps it beside the data. */
function localSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
