import { afterAll, beforeAll, expect, it } from 'vitest';
import { calls } from '@portal/contract';
import { createTestApp, type TestApp } from '../test/harness';
import { operationsOf, type Schema } from './openapi-arbitrary';

/**
 * Every property, location or meter id a route takes is in its scope declaration, so
 * `defineRoute` checks it before the handler runs; a new route that takes one without declaring
 * it fails here. The few that check by a policy of their own (the id's meaning depends on more
 * than scope) are listed with the reason.
 */
const CHECKED_BY_POLICY: Record<string, string> = {
  'POST /api/AddMeterToLocation body.servicePointID': 'a meter from stock: in stock, or refused as foreign',
  'POST /api/AssignMetersToLocations body.*.servicePointID': 'meters from stock, as above',
  'POST /api/site/UpsertSiteSetting body.fk_SiteID': 'a live property the caller manages (access/site-policy.ts)',
  'POST /api/Site/CreateSite body.siteID': 'a new property (0)',
  'PUT /api/Site/UpdateSite body.siteID': 'a live property the caller manages (access/site-policy.ts)',
  'PUT /api/Site/UpdateSiteMonitoring body.siteID':
    'a live property (access/site-policy.ts), checked in its transaction',
  'GET /api/GetSitePartners query.siteID': 'a live property, or 0 for one not saved yet (access/site-policy.ts)',
  'GET /api/GetAllIntegrations query.siteID': 'a live property (access/site-policy.ts)',
};

const OWNED = /^(fk_)?(site|location|servicepoint)ids?$/i;

const scopes = new Map(calls.map((c) => [`${c.method} ${c.path}`, c.scope]));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The input paths naming a property, location or meter: `query.siteID`, `body.*.fk_LocationID` … */
function ownedPaths(schema: Schema | null | undefined, prefix: string): string[] {
  if (!schema) return [];
  const choices = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])];
  return [
    ...choices.flatMap((c) => ownedPaths(c, prefix)),
    ...(schema.items ? ownedPaths(schema.items, `${prefix}.*`) : []),
    ...Object.entries(schema.properties ?? {}).flatMap(([name, s]) =>
      OWNED.test(name) && s.type !== 'array' ? [`${prefix}.${name}`] : ownedPaths(s, `${prefix}.${name}`),
    ),
  ];
}

it('declares every property, location and meter id a route takes', async () => {
  const ops = operationsOf(t.app.swagger() as Parameters<typeof operationsOf>[0]);
  const undeclared: string[] = [];
  const excepted = new Set<string>();
  let declared = 0;
  for (const op of ops) {
    const route = `${op.method} ${op.path.replace(/\{(\w+)\}/g, ':$1')}`;
    const scope = scopes.get(route) ?? {};
    const paths = [
      ...op.params.filter((p) => OWNED.test(p.name)).map((p) => `${p.in === 'path' ? 'params' : 'query'}.${p.name}`),
      ...ownedPaths(op.body, 'body'),
    ];
    for (const path of paths) {
      if (path in scope) declared++;
      else if (CHECKED_BY_POLICY[`${route} ${path}`]) excepted.add(`${route} ${path}`);
      else undeclared.push(`${route} ${path}`);
    }
  }
  expect(undeclared).toEqual([]);
  expect(Object.keys(CHECKED_BY_POLICY).filter((k) => !excepted.has(k))).toEqual([]);
  expect(declared).toBeGreaterThan(30);
});
