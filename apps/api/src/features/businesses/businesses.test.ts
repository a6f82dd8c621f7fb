import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { BusEntity, BusEntityWithSites, IdValue } from '@portal/contract';
import { auditLog } from '../../db/schema';
import { buildSite } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildPropertyWorld, type Caller, type PropertyWorld } from '../../test/property-world';

let t: TestApp;
let w: PropertyWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await buildPropertyWorld(t);
  await buildSite(t.deps.db, w.busB.id, { publicName: 'Pure 100% Harbor' });
  await buildSite(t.deps.db, w.busA.id, { publicName: 'Archived Lagoon', deletedAt: new Date() });
});
afterAll(() => t.close());

type Errors = { errors: Array<{ field: string; message: string }> };
const get = <T>(url: string, caller: Caller) => t.call<T>({ method: 'GET', url, token: w.tokens[caller] });
const createBusiness = (caller: Caller, legalName: unknown) =>
  t.call<BusEntity & Errors>({
    method: 'POST',
    url: '/api/Business/CreateBusEntity',
    payload: { legalName },
    token: w.tokens[caller],
  });
const renameBusiness = (caller: Caller, busEntityID: number, legalName: string) =>
  t.call<BusEntity & Errors>({
    method: 'PUT',
    url: '/api/Business/UpdateBusEntity',
    payload: { busEntityID, legalName },
    token: w.tokens[caller],
  });

describe('GET /api/GetAllBusinessLookup', () => {
  it.each([
    ['admin', ['A', 'B']],
    ['ownerA', ['A']],
    ['ownerB', ['B']],
    ['managerA1', ['A']],
  ] as const)('answers %s the businesses in their scope', async (caller, expected) => {
    const res = await get<IdValue[]>('/api/GetAllBusinessLookup', caller);
    const ids = { A: w.busA.id, B: w.busB.id };
    expect(res.body.result.map((b) => b.id).filter((id) => id === w.busA.id || id === w.busB.id)).toEqual(
      expected.map((k) => ids[k]),
    );
    if (caller !== 'admin') expect(res.body.result).toHaveLength(expected.length);
  });

  it('refuses an account without a role', async () => {
    expect((await get('/api/GetAllBusinessLookup', 'none')).status).toBe(403);
  });
});

describe('business search (Administrator)', () => {
  it('GetAllBusEntities answers id/value of the names containing the keyword', async () => {
    const res = await get<IdValue[]>(
      `/api/Business/GetAllBusEntities?keyword=${encodeURIComponent(w.busA.legalName)}`,
      'admin',
    );
    expect(res.body.result).toEqual([{ id: w.busA.id, value: w.busA.legalName }]);
  });

  it('the accordion matches business names and property names, and says when a property matched', async () => {
    const byProperty = await get<BusEntityWithSites[]>('/api/Business/GetBusEntitiesWithSites?keyword=cedar', 'admin');
    expect(byProperty.body.result).toEqual([
      {
        busEntityID: w.busB.id,
        legalName: w.busB.legalName,
        anySiteContains: true,
        sites: [
          { siteID: w.siteB1.id, sitePublicName: 'Cedar Flats Campground' },
          { siteID: expect.any(Number), sitePublicName: 'Pure 100% Harbor' },
        ],
      },
    ]);
    const byName = await get<BusEntityWithSites[]>(
      `/api/Business/GetBusEntitiesWithSites?keyword=${encodeURIComponent(w.busA.legalName)}`,
      'admin',
    );
    expect(byName.body.result).toEqual([
      {
        busEntityID: w.busA.id,
        legalName: w.busA.legalName,
        anySiteContains: false,
        sites: [
          { siteID: w.siteA1.id, sitePublicName: 'Alder Cove Marina' },
          { siteID: w.siteA2.id, sitePublicName: 'Birch Hollow RV Park' },
        ],
      },
    ]);
  });

  it('takes % and _ literally and ignores archived properties', async () => {
    const percent = await get<BusEntityWithSites[]>('/api/Business/GetBusEntitiesWithSites?keyword=%25', 'admin');
    expect(percent.body.result.map((b) => [b.busEntityID, b.anySiteContains])).toEqual([[w.busB.id, true]]);
    expect(
      (await get<BusEntityWithSites[]>('/api/Business/GetBusEntitiesWithSites?keyword=_', 'admin')).body.result,
    ).toEqual([]);
    expect(
      (await get<BusEntityWithSites[]>('/api/Business/GetBusEntitiesWithSites?keyword=lagoon', 'admin')).body.result,
    ).toEqual([]);
  });

  it('lists every business without a keyword', async () => {
    const res = await get<BusEntityWithSites[]>('/api/Business/GetBusEntitiesWithSites', 'admin');
    expect(res.body.result.map((b) => b.busEntityID)).toEqual(expect.arrayContaining([w.busA.id, w.busB.id]));
    expect(res.body.result.every((b) => !b.anySiteContains)).toBe(true);
  });

  it.each(['ownerA', 'managerA1', 'none'] as const)('refuses %s', async (caller) => {
    expect((await get('/api/Business/GetAllBusEntities?keyword=a', caller)).status).toBe(403);
    expect((await get('/api/Business/GetBusEntitiesWithSites?keyword=a', caller)).status).toBe(403);
  });
});

describe('creating and renaming a business entity (Administrator)', () => {
  it('creates one, logs it, and refuses the same name in another case', async () => {
    const res = await createBusiness('admin', '  Riverbend Holdings ');
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Business entity added successfully');
    expect(res.body.result).toEqual({ busEntityID: expect.any(Number), legalName: 'Riverbend Holdings' });
    const [entry] = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'createBusEntity'), eq(auditLog.entityId, String(res.body.result.busEntityID))));
    expect(entry!.after).toMatchObject({ legalName: 'Riverbend Holdings' });
    const again = await createBusiness('admin', 'RIVERBEND holdings');
    expect(again.status).toBe(409);
    expect(again.body.result.errors).toContainEqual(
      expect.objectContaining({ field: 'legalName', message: 'A business entity with this name already exists.' }),
    );
  });

  it('renames one, logs before and after, and refuses a name another business has', async () => {
    const created = (await createBusiness('admin', 'Old Mill Parks')).body.result;
    const res = await renameBusiness('admin', created.busEntityID, 'Old Mill Parks & Marinas');
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Business entity updated successfully');
    expect(res.body.result.legalName).toBe('Old Mill Parks & Marinas');
    const [entry] = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'renameBusEntity'), eq(auditLog.entityId, String(created.busEntityID))));
    expect(entry).toMatchObject({
      before: { legalName: 'Old Mill Parks' },
      after: { legalName: 'Old Mill Parks & Marinas' },
    });
    expect((await renameBusiness('admin', created.busEntityID, w.busA.legalName)).status).toBe(409);
    expect((await renameBusiness('admin', created.busEntityID, 'old mill parks & MARINAS')).status).toBe(200);
    expect((await renameBusiness('admin', 999_999, 'Nobody')).status).toBe(404);
  });

  it.each([
    ['', 'Please provide Business Entity Name'],
    [null, 'Please provide Business Entity Name'],
    ['x'.repeat(201), 'Maximum field length'],
  ])('refuses the name %j with %s', async (legalName, message) => {
    const res = await createBusiness('admin', legalName);
    expect(res.status).toBe(400);
    expect(res.body.result.errors).toContainEqual(expect.objectContaining({ field: 'legalName', message }));
  });

  it.each(['ownerA', 'managerA1', 'none'] as const)('refuses %s', async (caller) => {
    expect((await createBusiness(caller, 'Not Allowed Inc')).status).toBe(403);
    expect((await renameBusiness(caller, w.busA.id, 'Not Allowed Inc')).status).toBe(403);
  });
});
