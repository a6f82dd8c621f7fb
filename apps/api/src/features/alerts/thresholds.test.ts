import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role, routes, type AlertThresholds } from '@portal/contract';
import { rows } from '../../db/client';
import { buildBusiness, buildSite, buildUser, signIn } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let siteId = 0;
let otherSite = 0;
const tokens = { admin: '', owner: '', manager: '', otherOwner: '' };

beforeAll(async () => {
  t = await createTestApp();
  const db = t.deps.db;
  const a = await buildBusiness(db);
  const b = await buildBusiness(db);
  siteId = (await buildSite(db, a.id)).id;
  otherSite = (await buildSite(db, b.id)).id;
  tokens.admin = await signIn(t, await buildUser(db, { roleId: Role.Administrator }));
  tokens.owner = await signIn(t, await buildUser(db, { roleId: Role.SiteOwner, busEntityId: a.id }));
  tokens.manager = await signIn(
    t,
    await buildUser(db, { roleId: Role.SiteManager, busEntityId: a.id, siteIds: [siteId] }),
  );
  tokens.otherOwner = await signIn(t, await buildUser(db, { roleId: Role.SiteOwner, busEntityId: b.id }));
});
afterAll(() => t.close());

const read = (token: string, site = siteId) =>
  t.call<AlertThresholds>({ method: 'GET', url: `${routes.alerts.thresholds.path}?siteID=${site}`, token });
const save = (token: string, payload: object) =>
  t.call<AlertThresholds>({ method: 'PUT', url: routes.alerts.saveThresholds.path, token, payload });

const DEFAULTS = {
  leakGallonsPerHour: 1,
  leakHours: 24,
  nightFlowGallons: 5,
  abnormalMultiple: 3,
  vacantKwhPerHour: 1,
  unbilledKwhPerDay: 3,
  unbilledGallonsPerDay: 50,
};
const CHANGED = {
  leakGallonsPerHour: 0.5,
  leakHours: 12,
  nightFlowGallons: 8.25,
  abnormalMultiple: 4.5,
  vacantKwhPerHour: 2,
  unbilledKwhPerDay: 10,
  unbilledGallonsPerDay: 75,
};

describe('alert thresholds', () => {
  it("answers a property's defaults before anyone set them, to its staff", async () => {
    for (const token of [tokens.admin, tokens.owner, tokens.manager]) {
      const res = await read(token);
      expect(res.status).toBe(200);
      expect(res.body.result).toEqual({ siteID: siteId, ...DEFAULTS });
    }
  });

  it('lets the Site Owner set them (case-insensitive names), keeps the other settings, and audits it', async () => {
    await t.deps.db.execute(
      sql`insert into site_settings (site_id, billing_rate) values (${siteId}, 0.25) on conflict do nothing`,
    );
    const res = await save(tokens.owner, { SiteID: siteId, ...CHANGED });
    expect(res.status).toBe(200);
    expect(res.body.result).toEqual({ siteID: siteId, ...CHANGED });
    expect((await read(tokens.manager)).body.result).toEqual({ siteID: siteId, ...CHANGED });
    const [settings] = await rows<{ billing_rate: string }>(
      t.deps.db,
      sql`select billing_rate::text from site_settings where site_id = ${siteId}`,
    );
    expect(settings!.billing_rate).toBe('0.25');
    const [entry] = await rows<{ before: Record<string, number>; after: Record<string, number> }>(
      t.deps.db,
      sql`select before, after from audit_log where action = 'updateAlertThresholds' and entity_id = ${String(siteId)}`,
    );
    expect(entry).toMatchObject({ before: DEFAULTS, after: CHANGED });
  });

  it('writes a settings row for a property that had none', async () => {
    const res = await save(tokens.admin, { siteID: otherSite, ...DEFAULTS, leakHours: 6 });
    expect(res.status).toBe(200);
    expect((await read(tokens.otherOwner, otherSite)).body.result.leakHours).toBe(6);
  });

  it('refuses a Site Manager (403) and anyone outside the property (403)', async () => {
    expect((await save(tokens.manager, { siteID: siteId, ...DEFAULTS })).status).toBe(403);
    expect((await save(tokens.otherOwner, { siteID: siteId, ...DEFAULTS })).status).toBe(403);
    expect((await read(tokens.otherOwner)).status).toBe(403);
    expect((await read(tokens.admin)).body.result).toEqual({ siteID: siteId, ...CHANGED });
  });

  it.each([
    ['leakHours', 1],
    ['leakHours', 2.5],
    ['leakGallonsPerHour', -1],
    ['nightFlowGallons', 0.001],
    ['abnormalMultiple', 1],
    ['vacantKwhPerHour', 'a lot'],
    ['unbilledGallonsPerDay', 100_001],
  ])('refuses %s = %s with 400 and the field', async (field, value) => {
    const res = await save(tokens.owner, { siteID: siteId, ...DEFAULTS, [field]: value });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(field);
  });
});
