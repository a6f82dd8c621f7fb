import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';

/**
 * The served OpenAPI document against Redocly's recommended rules, the ones `npx @redocly/cli
 * lint` applies without a configuration: no errors. The one warning left, `info-license`, asks
 * for a licence the product does not publish its API under.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('the OpenAPI document passes the recommended lint with no errors', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  const problems = await lintFromString({
    source: res.body,
    absoluteRef: 'openapi.json',
    config: await createConfig({ extends: ['recommended'] }),
  });
  const said = problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} (${p.location[0]?.pointer ?? ''})`);
  expect(said.filter((s) => s.startsWith('error'))).toEqual([]);
  expect(said).toEqual(['warn info-license: Info object should contain `license` field. (#/info)']);
});
