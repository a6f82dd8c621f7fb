import { afterAll, beforeAll, expect, it } from 'vitest';
import fc from 'fast-check';
import { Role } from '@portal/contract';
import { buildBusiness, buildLocation, buildMeter, buildSite, buildUser, tokenFor } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';
import { MAX_JSON_DEPTH } from '../lib/json-body';
import {
  objectOf,
  operationsOf,
  urlOf,
  valueOf,
  withOneHostile,
  type Operation,
  type Schema,
} from './openapi-arbitrary';

/**
 * Requests built from the OpenAPI document, valid and hostile, by every kind of caller: none
 * may answer 500, nor show a stack trace or SQL. Seeded, so a failure repeats; FUZZ_SEED and
 * FUZZ_RUNS explore further.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_125);
const RUNS = Number(process.env.FUZZ_RUNS ?? 1_600);

const LEAK =
  /\bat .+:\d+:\d+\)?$|node_modules|insert into|delete from|update \w+ set|relation "|column "|violates|syntax error at|\$\d+\b/im;

let t: TestApp;
const callers: Record<string, number> = {};
const deepCallers: Record<string, number> = {};
let ids: number[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const db = t.deps.db;
  const a = await buildBusiness(db);
  const b = await buildBusiness(db);
  const site = await buildSite(db, a.id);
  const siteB = await buildSite(db, b.id);
  const loc = await buildLocation(db, site.id);
  const meter = await buildMeter(db, { locationId: loc.id, slot: 1 });
  const spare = await buildMeter(db);
  callers.admin = (await buildUser(db, { roleId: Role.Administrator })).id;
  callers.owner = (await buildUser(db, { roleId: Role.SiteOwner, busEntityId: a.id })).id;
  callers.manager = (await buildUser(db, { roleId: Role.SiteManager, busEntityId: a.id, siteIds: [site.id] })).id;
  // the same kinds of caller, whose per-user rate limits the fuzzing above has not spent
  deepCallers.admin = (await buildUser(db, { roleId: Role.Administrator })).id;
  deepCallers.owner = (await buildUser(db, { roleId: Role.SiteOwner, busEntityId: a.id })).id;
  deepCallers.manager = (await buildUser(db, { roleId: Role.SiteManager, busEntityId: a.id, siteIds: [site.id] })).id;
  ids = [a.id, b.id, site.id, siteB.id, loc.id, meter.id, spare.id, ...Object.values(callers), 2_147_483_647];
}, 60_000);
afterAll(() => t?.close());

/** A token for the caller as the account is now (a fuzzed call may have signed it out or changed its password). */
async function tokenOf(caller: string): Promise<string | undefined> {
  const id = callers[caller];
  return id === undefined ? undefined : tokenFor(t, id);
}

type Probe = { op: Operation; caller: string; url: string; body: unknown };

function probes(ops: Operation[]): Probe[] {
  const probe = fc.constantFrom(...ops).chain((op) =>
    fc.record({
      op: fc.constant(op),
      caller: fc.constantFrom('admin', 'admin', 'owner', 'manager', 'anonymous'),
      input: withOneHostile(
        fc.record({
          params: objectOf(
            {
              type: 'object',
              properties: Object.fromEntries(op.params.map((p) => [p.name, p.schema])),
              required: op.params.filter((p) => p.required).map((p) => p.name),
            },
            ids,
          ),
          body: op.body ? valueOf(op.body, ids) : fc.constant(undefined),
        }),
      ),
    }),
  );
  return fc
    .sample(probe, { seed: SEED, numRuns: RUNS })
    .map(({ op, caller, input }) => ({ op, caller, url: urlOf(op, asObject(input.params)), body: input.body }));
}

/** A hostile value put in place of all the parameters: sent as one parameter. */
const asObject = (q: unknown): Record<string, unknown> =>
  q !== null && typeof q === 'object' && !Array.isArray(q) ? (q as Record<string, unknown>) : { q };

it(`answers every request built from the OpenAPI document without a 500 or a leak (${RUNS} requests)`, async () => {
  const doc = t.app.swagger() as Parameters<typeof operationsOf>[0];
  const ops = operationsOf(doc);
  expect(ops.length).toBeGreaterThan(70);
  const failures: string[] = [];
  const statuses = new Map<number, number>();
  for (const p of probes(ops)) {
    const token = await tokenOf(p.caller);
    const res = await t.app.inject({
      method: p.op.method as 'GET',
      url: p.url,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(p.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(p.body === undefined ? {} : { payload: JSON.stringify(p.body) }),
    });
    statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
    // error answers are JSON; a file (an export) is the caller's own data
    const leak = String(res.headers['content-type']).includes('json') ? LEAK.exec(res.body) : null;
    if (res.statusCode >= 500 || leak) {
      failures.push(
        `${res.statusCode} ${p.caller} ${p.op.method} ${p.url} ${JSON.stringify(p.body)?.slice(0, 300)}` +
          (leak ? ` leaks "${leak[0]}"` : ''),
      );
    }
  }
  console.info(`openapi fuzz: ${RUNS} requests over ${ops.length} operations, seed ${SEED}, answers`, statuses);
  expect(failures).toEqual([]);
}, 600_000);

/** How deep a value of the schema nests at most (an object or array is one level). */
function depthOf(schema: Schema): number {
  const inner = [
    ...Object.values(schema.properties ?? {}),
    ...(schema.items ? [schema.items] : []),
    ...(schema.anyOf ?? []),
    ...(schema.oneOf ?? []),
    ...(schema.allOf ?? []),
  ];
  const nested = Math.max(0, ...inner.map(depthOf));
  const type = Array.isArray(schema.type) ? schema.type : [schema.type];
  return type.includes('object') || type.includes('array') ? nested + 1 : nested;
}

/** A sampled body of the operation with one value (or the whole) buried `levels` deep in arrays and objects. */
function buried(op: Operation, levels: number, seed: number): string {
  const deep = `${'[{"a":'.repeat(levels / 2)}1${'}]'.repeat(levels / 2)}`;
  const [body] = fc.sample(valueOf(op.body!, ids), { seed, numRuns: 1 });
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return deep;
  const keys = Object.keys(body);
  if (!keys.length) return deep;
  return JSON.stringify({ ...body, [keys[seed % keys.length]!]: '\u0000deep' }).replace('"\\u0000deep"', deep);
}

it('describes no body deeper than the parser takes', () => {
  const ops = operationsOf(t.app.swagger() as Parameters<typeof operationsOf>[0]);
  const deepest = Math.max(...ops.filter((op) => op.body).map((op) => depthOf(op.body!)));
  expect(deepest).toBeGreaterThan(1);
  expect(deepest).toBeLessThanOrEqual(MAX_JSON_DEPTH);
});

it('refuses a deep body with 400 on every operation, by every kind of caller, before any check walks it', async () => {
  const ops = operationsOf(t.app.swagger() as Parameters<typeof operationsOf>[0]).filter((op) => op.body);
  const failures: string[] = [];
  let n = 0;
  for (const [i, op] of ops.entries()) {
    for (const caller of ['admin', 'owner', 'manager', 'anonymous']) {
      const token = caller in deepCallers ? await tokenFor(t, deepCallers[caller]!) : undefined;
      for (const levels of [MAX_JSON_DEPTH + 2, 5_000, 100_000]) {
        n++;
        const res = await t.app.inject({
          method: op.method as 'POST',
          url: urlOf(op, {}),
          // an address each, so that the public calls' rate limits do not answer first
          remoteAddress: `10.9.${n >> 8}.${n & 255}`,
          headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
          payload: buried(op, levels, SEED + i),
        });
        const code = String(res.headers['content-type']).includes('json') ? res.json().messageCode : null;
        if (res.statusCode !== 400 || code !== 'nestedTooDeep')
          failures.push(`${res.statusCode} ${code} ${caller} ${op.method} ${op.path} ${levels} levels`);
      }
    }
  }
  expect(failures).toEqual([]);
}, 120_000);

it.each([
  ['GET', '/api/Report/GetElectricMeterInformationByLocationPublicName?name=a%00b', undefined, 400],
  ['GET', '/api/Report/GetElectricMeterInformationByLocationPublicName?name=a%ED%A0%80b', undefined, 404],
  ['POST', '/api/Business/CreateBusEntity', { legalName: 'a\u0000b' }, 400],
  ['POST', '/api/Business/CreateBusEntity', { legalName: 'x\ud800' }, 400],
  ['PUT', '/api/ServicePoint/UpdateLocationDeletedStatus', { locationID: 2 ** 31 }, 400],
  ['GET', '/api/GetAllLocationsWithMetersBySiteID?siteID=4294967296', undefined, 400],
])('refuses what the outside probe sent for a 500: %s %s', async (method, url, body, status) => {
  const token = await tokenOf('admin');
  const res = await t.app.inject({
    method: method as 'GET',
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(body ? { payload: body } : {}),
  });
  expect(res.statusCode).toBe(status);
});
