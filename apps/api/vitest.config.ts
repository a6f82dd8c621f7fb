import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // The MQTT gateway is tested against a real broker, where one is given (CI: Mosquitto),
    // and the PostgreSQL driver's own behaviour against the server (TEST_DATABASE_URL).
    exclude: [
      '**/node_modules/**',
      ...(process.env.TEST_MQTT_URL ? [] : ['src/gateway/mqtt.test.ts', 'src/gateway/protocol.test.ts']),
      ...(process.env.TEST_DATABASE_URL ? [] : ['src/db/postgres.test.ts']),
    ],
    globalSetup: ['src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file gets its own database; two at a time suits a 2-core machine.
    pool: 'forks',
    maxWorkers: 2,
  },
});
