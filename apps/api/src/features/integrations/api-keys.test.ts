import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  API_KEY_REQUESTS_PER_MINUTE,
  API_KEY_SCOPES,
  type ApiKeyRow,
  type ApiKeyScope,
  calls,
  Role,
  routes,
} from '@portal/contract';
import { readFileSync } from 'node:fs';
import { buildApp } from '../../app';
import { apiKeys, auditLog } from '../../db/schema';
import { buildBusiness, buildLocation, buildSite, buildUser, tokenFor } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let w: Awaited<ReturnType<typeof world>>;

async function world() {
  const db = t.deps.db;
  const business = await buildBusiness(db, 'Keys Holdings');
  const [site, other] = [await buildSite(db, business.id), await buildSite(db, business.id)];
  const location = await buildLocation(db, site.id, { description: 'Pad 1' });
  const stranger = await buildBusiness(db, 'Elsewhere Ltd');
  const strangerSite = await buildSite(db, stranger.id);
  const ids = {
    admin: (await buildUser(db, { roleId: Role.Administrator })).id,
    owner: (await buildUser(db, { roleId: Role.SiteOwner, busEntityId: business.id })).id,
    manager: (await buildUser(db, { roleId: Role.SiteManager, busEntityId: business.id, siteIds: [site.id] })).id,
    strangerOwner: (await buildUser(db, { roleId: Role.SiteOwner, busEntityId: stranger.id })).id,
  };
  const tokens = Object.fromEntries(
    await Promise.all(Object.entries(ids).map(async ([who, id]) => [who, await tokenFor(t, id)] as const)),
  ) as Record<keyof typeof ids, string>;
  return { business, site, other, location, stranger, strangerSite, ids, tokens };
}

beforeAll(async () => {
  t = await createTestApp();
  w = await world();
});
afterAll(() => t.close());

type Who = keyof typeof w.tokens;

const revoke = (apiKeyID: number, who: Who) =>
  t.call({ method: 'POST', url: routes.integrations.revokeApiKey.path, payload: { apiKeyID }, token: w.tokens[who] });

const create = (body: object, who: Who = 'owner') =>
  t.call<{ apiKeyID: number; key: string }>({
    method: 'POST',
    url: routes.integrations.createApiKey.path,
    payload: body,
    token: w.tokens[who],
  });

/** A key of the business for its first property, with the scopes given. */
async function keyWith(scopes: readonly ApiKeyScope[], over: object = {}): Promise<{ id: number; key: string }> {
  const res = await create({ businessID: w.business.id, name: 'PMS', siteIDs: [w.site.id], scopes, ...over });
  expect(res.status, res.body.message ?? '').toBe(200);
  return { id: res.body.result.apiKeyID, key: res.body.result.key };
}

const locationsPage = (token: string, siteId = w.site.id) =>
  t.call({ method: 'GET', url: `${routes.locations.page.path}?siteID=${siteId}`, token });

describe('making, listing and revoking keys', () => {
  it('shows the key once and keeps only its hash; the list names its prefix, properties, scopes and maker', async () => {
    const res = await create({
      businessID: w.business.id,
      name: 'Campspot',
      siteIDs: [w.site.id, w.site.id],
      scopes: ['locations:read', 'locations:read', 'usage:read'],
    });
    expect(res.status).toBe(200);
    expect(res.body.messageCode).toBe('apiKeyCreated');
    const { apiKeyID, key } = res.body.result;
    expect(key).toMatch(/^mpk_[\w-]{8}_[\w-]{43}$/);
    const [stored] = await t.deps.db.select().from(apiKeys).where(eq(apiKeys.id, apiKeyID));
    expect(JSON.stringify(stored)).not.toContain(key.slice(13));
    const list = await t.call<ApiKeyRow[]>({
      method: 'GET',
      url: `${routes.integrations.apiKeys.path}?businessID=${w.business.id}`,
      token: w.tokens.owner,
    });
    const row = list.body.result.find((k) => k.apiKeyID === apiKeyID)!;
    expect(row).toMatchObject({
      name: 'Campspot',
      prefix: key.slice(0, 12),
      siteIDs: [w.site.id],
      scopes: ['locations:read', 'usage:read'],
      createdBy: expect.stringMatching(/^Test User/),
      lastUsedAt: null,
      revokedAt: null,
    });
    expect(JSON.stringify(list.body)).not.toContain(key);
    const [entry] = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'apiKey'), eq(auditLog.entityId, String(apiKeyID))));
    expect(entry).toMatchObject({ action: 'apiKeyCreated', actor: `user:${w.ids.owner}` });
  });

  it("lets an Administrator or the business's Site Owner make keys, nobody else, and only for the business's live properties", async () => {
    const body = { businessID: w.business.id, name: 'K', siteIDs: [w.site.id], scopes: ['usage:read'] };
    expect((await create(body, 'admin')).status).toBe(200);
    expect((await create(body, 'manager')).status).toBe(403);
    expect((await create(body, 'strangerOwner')).status).toBe(403);
    // the owner names another business's property: refused by scope before anything else
    expect((await create({ ...body, siteIDs: [w.strangerSite.id] })).status).toBe(403);
    const mixed = await create({ ...body, siteIDs: [w.strangerSite.id] }, 'admin');
    expect(mixed.status).toBe(400);
    expect(mixed.body.messageCode).toBe('apiKeySitesOutsideBusiness');
    const past = await create({ ...body, expiresAt: new Date(Date.now() - 60_000).toISOString() });
    expect([past.status, past.body.messageCode]).toEqual([400, 'apiKeyExpiryPast']);
    const unknownScope = await create({ ...body, scopes: ['users:write'] });
    expect(unknownScope.status).toBe(400);
  });

  it('refuses a revoked key at once, on every instance, and an expired one', async () => {
    const { id, key } = await keyWith(['locations:read']);
    const second = await buildApp({ deps: t.deps });
    try {
      const onSecond = () =>
        second.inject({
          method: 'GET',
          url: `${routes.locations.page.path}?siteID=${w.site.id}`,
          headers: { authorization: `Bearer ${key}` },
        });
      expect((await locationsPage(key)).status).toBe(200);
      expect((await onSecond()).statusCode).toBe(200);
      expect((await revoke(id, 'owner')).body.messageCode).toBe('apiKeyRevoked');
      const refused = await locationsPage(key);
      expect([refused.status, refused.body.messageCode]).toEqual([401, 'apiKeyInvalid']);
      expect((await onSecond()).statusCode).toBe(401);
    } finally {
      await second.close();
    }
    const soon = await keyWith(['locations:read'], {
      expiresAt: new Date(t.deps.now().getTime() + 60_000).toISOString(),
    });
    expect((await locationsPage(soon.key)).status).toBe(200);
    t.clock.advance(61_000);
    expect((await locationsPage(soon.key)).status).toBe(401);
    // a key one character off is no key
    expect((await locationsPage(`${soon.key.slice(0, -1)}x`)).status).toBe(401);
  });

  it("cannot revoke another business's key", async () => {
    const { id } = await keyWith(['usage:read']);
    expect((await revoke(id, 'strangerOwner')).status).toBe(403);
  });
});

describe('what a key may do', () => {
  it('reads the properties it names, not another of its business nor of another business', async () => {
    const { key } = await keyWith(['locations:read']);
    expect((await locationsPage(key)).status).toBe(200);
    expect((await locationsPage(key, w.other.id)).status).toBe(403);
    expect((await locationsPage(key, w.strangerSite.id)).status).toBe(403);
  });

  it('makes only the calls its scopes name, and none of the calls that declare no scope', async () => {
    const { key } = await keyWith(['locations:read']);
    const checkIn = await t.call({
      method: 'GET',
      url: `${routes.stays.current.path}?locationID=${w.location.id}`,
      token: key,
    });
    expect(checkIn.status).toBe(200);
    const history = await t.call({
      method: 'GET',
      url: `${routes.locations.history.path}?locationID=${w.location.id}`,
      token: key,
    });
    expect([history.status, history.body.messageCode, history.body.messageParams]).toEqual([
      403,
      'apiKeyScopeMissing',
      { scope: 'usage:read' },
    ]);
    const everything = await keyWith(API_KEY_SCOPES);
    for (const r of [routes.auth.me, routes.users.list, routes.integrations.apiKeys, routes.businesses.list]) {
      const res = await t.call({
        method: r.method,
        url: `${r.path}?businessID=${w.business.id}`,
        token: everything.key,
      });
      expect([r.path, res.status, res.body.messageCode]).toEqual([r.path, 403, 'apiKeyNotAccepted']);
    }
    const made = await create({ businessID: w.business.id, name: 'x', siteIDs: [w.site.id], scopes: ['usage:read'] });
    expect(made.status).toBe(200);
    const byKey = await t.call({
      method: 'POST',
      url: routes.integrations.createApiKey.path,
      payload: { businessID: w.business.id, name: 'x', siteIDs: [w.site.id], scopes: ['usage:read'] },
      token: everything.key,
    });
    expect(byKey.status).toBe(403);
  });

  it('is refused by every call of the route table that declares no scope, and by each that declares one it lacks', async () => {
    const everything = await keyWith(API_KEY_SCOPES);
    const keyless = await Promise.all(
      API_KEY_SCOPES.map(async (scope) => [scope, await keyWith(API_KEY_SCOPES.filter((s) => s !== scope))] as const),
    );
    const without = new Map(keyless);
    let checked = 0;
    for (const c of calls.filter((c) => c.access !== 'public')) {
      // before the input is read: nothing to fill in
      const url = c.path.replace(/:\w+/g, '1');
      const res = await t.call({
        method: c.method,
        url,
        token: c.keyScope ? without.get(c.keyScope)!.key : everything.key,
      });
      checked++;
      expect(res.body.messageCode, `${c.method} ${c.path}`).toBe(
        c.keyScope ? 'apiKeyScopeMissing' : 'apiKeyNotAccepted',
      );
    }
    expect(checked).toBeGreaterThan(80);
  });

  it('records its last use and the address it came from; revoking it is the revoker’s act', async () => {
    const { id, key } = await keyWith(['relays:write', 'locations:read']);
    await locationsPage(key);
    const [row] = await t.deps.db.select().from(apiKeys).where(eq(apiKeys.id, id));
    expect(row!.lastUsedAt).not.toBeNull();
    expect(row!.lastUsedIp).toBe('127.0.0.1');
    expect((await revoke(id, 'admin')).status).toBe(200);
    const [entry] = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'apiKeyRevoked'), eq(auditLog.entityId, String(id))));
    expect(entry!.actor).toBe(`user:${w.ids.admin}`);
  });

  it(`answers 429 past ${API_KEY_REQUESTS_PER_MINUTE} requests a minute, each key counted on its own`, async () => {
    const [busy, calm] = [await keyWith(['locations:read']), await keyWith(['locations:read'])];
    const health = (key: string) => t.call({ method: 'GET', url: routes.health.health.path, token: key });
    for (let i = 0; i < API_KEY_REQUESTS_PER_MINUTE; i++) expect((await health(busy.key)).status).toBe(200);
    expect((await health(busy.key)).status).toBe(429);
    expect((await health(calm.key)).status).toBe(200);
  });
});

it('docs/integrations.md lists every call a key can make under the scope it needs', () => {
  const doc = readFileSync(new URL('../../../../../docs/integrations.md', import.meta.url), 'utf8');
  for (const scope of API_KEY_SCOPES) {
    const row = doc.split('\n').find((line) => line.startsWith(`| \`${scope}\` |`)) ?? '';
    const listed = [...row.matchAll(/`(GET|POST|PUT|DELETE) ([^`\s]+)`/g)].map((m) => `${m[1]} ${m[2]}`).sort();
    const declared = calls
      .filter((c) => c.keyScope === scope)
      .map((c) => `${c.method} ${c.path}`)
      .sort();
    expect(listed, scope).toEqual(declared);
  }
});
