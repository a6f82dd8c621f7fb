import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { administrators, calls, call as declareCall, operationIdOf, Role } from '@portal/contract';
import { recordBrokerDrops } from './features/devices/broker-drops';
import { buildUser, signIn } from './test/factories';
import { TestGateway } from './test/gateway';
import { createTestApp, type TestApp } from './test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the API surface', () => {
  it('refuses to register an API route without an access rule', async () => {
    const { buildApp } = await import('./app');
    const app = await buildApp({ deps: t.deps });
    expect(() => app.get('/api/unguarded', async () => 'data')).toThrow(/has no access rule/);
    await app.close();
  });

  it('counts a rate limit per signed-in user, not per address', async () => {
    const { buildApp } = await import('./app');
    const { defineRoute } = await import('./access/route');
    const { z } = await import('zod');
    const app = await buildApp({ deps: t.deps });
    const limited = declareCall({
      method: 'GET',
      path: '/api/limited',
      key: ['test', 'limited'],
      summary: 'test',
      tags: [],
      access: administrators,
      rateLimit: 2,
      result: z.string(),
    });
    defineRoute(app, limited, async () => 'ok');
    await app.ready();
    const [a, b] = await Promise.all([
      buildUser(t.deps.db, { roleId: Role.Administrator }),
      buildUser(t.deps.db, { roleId: Role.Administrator }),
    ]);
    const call = (token: string) =>
      app.inject({ method: 'GET', url: '/api/limited', headers: { authorization: `Bearer ${token}` } });
    const tokenA = await signIn(t, a);
    const tokenB = await signIn(t, b);
    expect((await call(tokenA)).statusCode).toBe(200);
    expect((await call(tokenA)).statusCode).toBe(200);
    expect((await call(tokenA)).statusCode).toBe(429);
    expect((await call(tokenB)).statusCode).toBe(200);
    // A public call counts by address even when a token comes along.
    const meterPage = (token: string) =>
      app.inject({
        method: 'GET',
        url: '/api/Report/GetElectricMeterInformationByLocationPublicName?name=nowhere',
        headers: { authorization: `Bearer ${token}` },
      });
    const statuses = [];
    for (let i = 0; i < 31; i++) statuses.push((await meterPage(i % 2 ? tokenA : tokenB)).statusCode);
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, 30)).not.toContain(429);
    await app.close();
  });

  it('serves each call of the route table, under its operationId, and no other', () => {
    for (const c of calls)
      expect(t.app.hasRoute({ method: c.method, url: c.path }), `${c.method} ${c.path}`).toBe(true);
    const doc = t.app.swagger() as { paths: Record<string, Record<string, { operationId?: string }>> };
    const documented = Object.values(doc.paths).flatMap((ops) => Object.values(ops).map((op) => op.operationId));
    expect(documented.sort()).toEqual(calls.map(operationIdOf).sort());
  });

  it('answers unknown API paths with the envelope and 404', async () => {
    const res = await t.call({ method: 'GET', url: '/api/no/such/thing' });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, statusCode: 404 });
  });

  it('reports the database and the device gateway on /api/health', async () => {
    const res = await t.call<{ database: { ok: boolean }; devices: { ok: boolean } }>({
      method: 'GET',
      url: '/api/health',
    });
    expect(res.status).toBe(200);
    expect(res.body.result.database.ok).toBe(true);
    expect(res.body.result.devices.ok).toBe(true);
  });

  it("shows on /api/health the broker's count of dropped messages as last counted, on every instance", async () => {
    const health = async () =>
      (await t.call<{ devices: { brokerDropped: unknown } }>({ method: 'GET', url: '/api/health' })).body.result;
    expect((await health()).devices.brokerDropped).toBeNull();
    const at = new Date('2026-11-23T20:00:10Z');
    // another instance read it and counted it; this one has read nothing (its gateway's count is null)
    const other = new TestGateway();
    other.brokerDropped = { topic: '$SYS/broker/publish/messages/dropped', count: 20_657, at };
    await recordBrokerDrops({ ...t.deps, devices: other });
    expect((await health()).devices.brokerDropped).toEqual({ count: 20_657, at: at.toISOString() });
  });

  it('lists the sign-in calls on the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const doc = res.json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/Account/Authenticate', '/api/Account/RefreshToken', '/api/me']),
    );
  });

  it('refuses oversized bodies and malformed JSON without a stack trace', async () => {
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/Account/Authenticate',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ Username: 'a@b.co', Password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(big.statusCode).toBe(413);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/Account/Authenticate',
      headers: { 'content-type': 'application/json' },
      payload: '{"Username":',
    });
    expect(bad.statusCode).toBe(400);
    for (const res of [big, bad]) expect(res.body).not.toMatch(/at .*\.(js|ts):\d+/);
  });

  it.each([
    ['arrays', (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`],
    ['objects', (n: number) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`],
    ['a deep field', (n: number) => `{"Username":"a@b.co","Password":${'['.repeat(n)}"x"${']'.repeat(n)}}`],
  ])(
    'refuses JSON nested too deep (%s) with 400 on every route that takes a body, signed in or not',
    async (_, nested) => {
      const token = await signIn(t, await buildUser(t.deps.db, { roleId: Role.Administrator }));
      const withBody = calls.filter((c) => c.body);
      expect(withBody.length).toBeGreaterThan(30);
      for (const c of withBody) {
        for (const auth of [{}, { authorization: `Bearer ${token}` }]) {
          const res = await t.app.inject({
            method: c.method,
            url: c.path.replace(/:\w+/g, '1'),
            headers: { 'content-type': 'application/json', ...auth },
            payload: nested(5_000),
          });
          expect([res.statusCode, res.json().messageCode], `${c.method} ${c.path}`).toEqual([400, 'nestedTooDeep']);
        }
      }
    },
  );

  it('reads a body nested to the limit, and refuses one level more', async () => {
    const { MAX_JSON_DEPTH } = await import('./lib/json-body');
    const post = (depth: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/Account/Authenticate',
        headers: { 'content-type': 'application/json' },
        // the object itself is the first level
        payload: `{"Username":"a@b.co","Password":"x","x":${'['.repeat(depth - 1)}${']'.repeat(depth - 1)}}`,
      });
    expect((await post(MAX_JSON_DEPTH)).json().messageCode).not.toBe('nestedTooDeep');
    expect((await post(MAX_JSON_DEPTH + 1)).json().messageCode).toBe('nestedTooDeep');
  });

  it('compresses large answers for clients that accept it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    // the portal opened over plain http by address must load its assets over http
    expect(res.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
  });

  it('keeps /api/health free of the broker and the database addresses, and rate limited', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.body).not.toMatch(/mqtt:|postgres:|@|127\.0\.0\.1|localhost/);
    let last = 0;
    for (let i = 0; i < 125; i++) last = (await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode;
    expect(last).toBe(429);
  });
});

describe('the built web app', () => {
  /** A built app as Vite writes it: maps beside the bundles, no comment in them pointing there. */
  function webDist() {
    const dir = mkdtempSync(join(tmpdir(), 'web-dist-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><script type="module" src="/assets/app-1.js"></script>');
    writeFileSync(join(dir, 'assets', 'app-1.js'), 'console.log(1);');
    writeFileSync(join(dir, 'assets', 'app-1.js.map'), '{"version":3,"sources":["src/main.tsx"],"mappings":""}');
    return dir;
  }

  it.each([
    ['unless asked for', {}, 404, undefined],
    ['when SOURCE_MAPS is on', { sourceMaps: true }, 200, 'app-1.js.map'],
  ])('serves source maps only %s', async (_, settings, mapStatus, header) => {
    const web = await createTestApp({ webDist: webDist(), ...settings });
    try {
      const bundle = await web.app.inject({ method: 'GET', url: '/assets/app-1.js' });
      expect(bundle.statusCode).toBe(200);
      expect(bundle.headers.sourcemap).toBe(header);
      const map = await web.app.inject({ method: 'GET', url: '/assets/app-1.js.map' });
      expect(map.statusCode).toBe(mapStatus);
      if (mapStatus === 404) expect(map.body).not.toContain('src/main.tsx');
    } finally {
      await web.close();
    }
  });
});

describe('behind a proxy', () => {
  async function appLogging(trustProxy: boolean) {
    const { Writable } = await import('node:stream');
    const { createLogger } = await import('./lib/logger');
    const { buildApp } = await import('./app');
    const lines: string[] = [];
    const out = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const app = await buildApp({
      deps: { ...t.deps, config: { ...t.deps.config, trustProxy } },
      logger: createLogger('info', out),
    });
    await app.ready();
    const get = (remoteAddress: string, headers: Record<string, string> = {}) =>
      app.inject({ method: 'GET', url: '/api/health', remoteAddress, headers });
    const warnings = () => lines.filter((l) => l.includes('TRUST_PROXY is off'));
    return { app, get, warnings };
  }

  it('warns once when requests come through a private proxy address without TRUST_PROXY', async () => {
    const { app, get, warnings } = await appLogging(false);
    await get('203.0.113.9', { 'x-forwarded-for': '198.51.100.1' });
    await get('10.1.2.3');
    expect(warnings()).toEqual([]);
    await get('10.1.2.3', { 'x-forwarded-for': '198.51.100.1' });
    await get('::ffff:172.20.0.4', { forwarded: 'for=198.51.100.2' });
    expect(warnings()).toHaveLength(1);
    expect(JSON.parse(warnings()[0]!)).toMatchObject({ level: 40, proxy: '10.1.2.3' });
    await app.close();
  });

  it('says nothing with TRUST_PROXY on', async () => {
    const { app, get, warnings } = await appLogging(true);
    await get('10.1.2.3', { 'x-forwarded-for': '198.51.100.1' });
    expect(warnings()).toEqual([]);
    await app.close();
  });
});

describe('the request log', () => {
  it.each([
    '/statement/AbCdEf123_-ghIJ456789kl',
    '/report-recipient/AbCdEf123_-ghIJ456789kl',
    '/auth/set-password/AbCdEf123_-ghIJ456789kl',
    '/api/Public/Statement?token=AbCdEf123_-ghIJ456789kl',
    '/api/Public/ReportRecipient?token=AbCdEf123_-ghIJ456789kl',
  ])('writes no token of a link: %s', async (url) => {
    const { Writable } = await import('node:stream');
    const { createLogger } = await import('./lib/logger');
    const { buildApp } = await import('./app');
    const lines: string[] = [];
    const out = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const app = await buildApp({ deps: t.deps, logger: createLogger('info', out) });
    await app.inject({ method: 'GET', url });
    const line = lines.find((l) => l.includes('"msg":"request"'));
    expect(line).toBeDefined();
    expect(line).not.toContain('AbCdEf123');
    await app.close();
  });
});
