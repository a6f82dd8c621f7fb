import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { DeviceGateway } from './gateway/gateway';
import type { Tokens } from './access/tokens';
import type { Mailer } from './lib/mailer';

/** What the routes and services need from the outside world, built once at start. */
export type Deps = {
  config: Config;
  database: Database;
  db: Db;
  tokens: Tokens;
  mailer: Mailer;
  devices: DeviceGateway;
  /** The current time; tests move it to prove expiry rules. */
  now: () => Date;
};
