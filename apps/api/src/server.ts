import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { buildApp } from './app';
import type { Config } from './config';
import { prepareDatabase } from './db/prepare';
import type { Deps } from './deps';
import { createGateway } from './gateway';
import { createTokens } from './access/tokens';
import { portalEvents } from './features/devices/broker-drops';
import { startJobs } from './jobs';
import { createMailer } from './lib/mailer';

/**
 * Opens the database (migrations run), seeds lookups and, in demo mode, the demo data,
 * builds the app, connects the devices and starts the periodic jobs.
 */
export async function startServer(config: Config, log: FastifyBaseLogger): Promise<FastifyInstance> {
  const db = await prepareDatabase(config, log);
  const deps: Deps = {
    config,
    database: db,
    db: db.db,
    tokens: createTokens(config.jwtSecret, config.jwtTtlMinutes),
    mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, log }),
    devices: createGateway(config, db.db, log),
    now: () => new Date(),
  };
  const app = await buildApp({ deps, logger: log });
  await deps.devices.start(portalEvents(deps, log));
  const stopJobs = startJobs(deps, log);
  app.addHook('onClose', async () => {
    await stopJobs();
    await deps.devices.stop();
    await db.close();
  });
  return app;
}
