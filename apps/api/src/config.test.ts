import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('configuration', () => {
  it('defaults to the embedded database with demo data', () => {
    const c = loadConfig({ DATA_DIR: '/tmp/portal-config-test' });
    expect(c).toMatchObject({ port: 3000, databaseUrl: undefined, demo: true });
    expect(c.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: '/tmp/portal-config-test' }).jwtSecret).toBe(c.jwtSecret);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATA_DIR: '/tmp/portal-config-test', DATABASE_URL: '', DEMO: '' }).demo).toBe(true);
  });

  it('turns demo mode off with a server database unless asked', () => {
    const base = { DATABASE_URL: 'postgres://u@h/db', JWT_SECRET: 'x'.repeat(32) };
    expect(loadConfig(base).demo).toBe(false);
    expect(loadConfig({ ...base, DEMO: '1' }).demo).toBe(true);
  });

  it('lists every problem at once', () => {
    expect(() => loadConfig({ PORT: 'abc', DATABASE_URL: 'not a url', LOG_LEVEL: 'loud' })).toThrow(
      /PORT[\s\S]*DATABASE_URL[\s\S]*LOG_LEVEL/,
    );
  });

  it('requires a shared secret with a server database', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://u@h/db' })).toThrow(/JWT_SECRET/);
  });
});
