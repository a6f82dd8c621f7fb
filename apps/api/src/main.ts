// The server. With --prepare it only makes the database ready (migrations, lookups and, on a
// first start in demo mode, the demo data) and exits: npm start runs that while the web app builds.
import { parseArgs } from 'node:util';
import { loadConfig, type Config } from './config';
import { prepareDatabase } from './db/prepare';
import { demoAccounts } from './db/seed/demo';
import { createLogger } from './lib/logger';
import { startServer } from './server';

const { values: args } = parseArgs({ options: { prepare: { type: 'boolean', default: false } } });

let config: Config;
try {
  config = loadConfig();
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}
const log = createLogger(config.logLevel);

if (args.prepare) {
  await (await prepareDatabase(config, log)).close();
  process.exit(0);
}

const app = await startServer(config, log);
await app.listen({ port: config.port, host: config.host });

const lines = [`Metering portal: ${config.publicUrl}`];
if (config.demo) {
  lines.push('Demo accounts:');
  for (const a of demoAccounts) lines.push(`  ${a.role.padEnd(14)} ${a.email.padEnd(22)} ${a.password}`);
}
console.log(lines.join('\n'));

let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down: finishing requests in flight, storing what the meters sent');
    // Storing gives up after 10 s (the broker delivers what is left again); the database may hang longer.
    setTimeout(() => {
      log.error('shutdown took longer than 30 s; exiting');
      process.exit(1);
    }, 30_000).unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}
