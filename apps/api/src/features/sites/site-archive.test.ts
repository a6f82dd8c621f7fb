import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { SiteWithStats } from '@portal/contract';
import { auditLog, locations, sites } from '../../db/schema';
import { buildLocation, buildSite } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildPropertyWorld, type Caller, type PropertyWorld } from '../../test/property-world';

let t: TestApp;
let w: PropertyWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await buildPropertyWorld(t);
});
afterAll(() => t.close());

const remove = (caller: Caller, siteId: number) =>
  t.call({ method: 'DELETE', url: `/api/site/DeleteSite?id=${siteId}`, token: w.tokens[caller] });
const monitor = (caller: Caller, siteID: number, excludeFromMonitoring: boolean) =>
  t.call<{ siteID: number; excludeFromMonitoring: boolean }>({
    method: 'PUT',
    url: '/api/Site/UpdateSiteMonitoring',
    payload: { siteID, excludeFromMonitoring, sitePublicName: 'the client sends the whole property' },
    token: w.tokens[caller],
  });
const listed = async (caller: Caller) =>
  (
    await t.call<SiteWithStats[]>({
      method: 'GET',
      url: '/api/site/GetSitesWithLocationStatesBasedOnUserRole',
      token: w.tokens[caller],
    })
  ).body.result.map((s) => s.siteID);

describe('DELETE /api/site/DeleteSite', () => {
  it('refuses while a guest is checked in, with a clear message', async () => {
    const site = await buildSite(t.deps.db, w.busA.id);
    await buildLocation(t.deps.db, site.id, { isCheckedIn: true });
    const res = await remove('admin', site.id);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      'This property has checked-in locations. Check them out before deleting the property.',
    );
    expect(await listed('admin')).toContain(site.id);
  });

  it('archives the property: gone from every list and call, kept in the database with its locations', async () => {
    const site = await buildSite(t.deps.db, w.busA.id);
    const location = await buildLocation(t.deps.db, site.id);
    const res = await remove('admin', site.id);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Property deleted successfully');
    expect(await listed('admin')).not.toContain(site.id);
    expect(await listed('ownerA')).not.toContain(site.id);
    const [row] = await t.deps.db.select().from(sites).where(eq(sites.id, site.id));
    expect(row!.deletedAt).toBeInstanceOf(Date);
    expect(await t.deps.db.select().from(locations).where(eq(locations.id, location.id))).toHaveLength(1);
    const [entry] = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'deleteSite'), eq(auditLog.entityId, String(site.id))));
    expect(entry!.before).toEqual({ deletedAt: null });
    expect((await remove('admin', site.id)).status).toBe(404);
    expect(
      (await t.call({ method: 'GET', url: `/api/Site/GetSiteSetting?id=${site.id}`, token: w.tokens.ownerA })).status,
    ).toBe(403);
  });

  it.each([
    ['ownerA', 'A2'],
    ['ownerA', 'B1'],
    ['managerA1', 'A1'],
    ['none', 'A1'],
  ] as const)('refuses %s deleting %s', async (caller, site) => {
    const ids = { A1: w.siteA1.id, A2: w.siteA2.id, B1: w.siteB1.id };
    expect((await remove(caller, ids[site])).status).toBe(403);
    expect(await listed('admin')).toContain(ids[site]);
  });
});

describe('PUT /api/Site/UpdateSiteMonitoring', () => {
  it('sets the flag and logs before and after (Administrator)', async () => {
    const res = await monitor('admin', w.siteB1.id, true);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Monitoring updated');
    expect(res.body.result).toEqual({ siteID: w.siteB1.id, excludeFromMonitoring: true });
    const list = await t.call<SiteWithStats[]>({
      method: 'GET',
      url: '/api/site/GetSitesWithLocationStatesBasedOnUserRole',
      token: w.tokens.ownerB,
    });
    expect(list.body.result[0]!.excludeFromMonitoring).toBe(true);
    const [entry] = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'updateSiteMonitoring'), eq(auditLog.entityId, String(w.siteB1.id))));
    expect(entry).toMatchObject({ before: { excludeFromMonitoring: false }, after: { excludeFromMonitoring: true } });
  });

  it.each([
    ['ownerA', 'A1'],
    ['ownerA', 'B1'],
    ['managerA1', 'A1'],
    ['none', 'A1'],
  ] as const)('refuses %s on %s', async (caller, site) => {
    expect((await monitor(caller, site === 'A1' ? w.siteA1.id : w.siteB1.id, true)).status).toBe(403);
  });

  it('answers 404 for a property that does not exist', async () => {
    expect((await monitor('admin', 999_999, true)).status).toBe(404);
  });
});
