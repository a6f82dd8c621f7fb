import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CO2_LBS_SAVED_PER_KWH, Role, type SystemAlert } from '@portal/contract';
import { locations, sites, stays, systemAlerts } from '../../db/schema';
import { flagUnbilledUsage } from '../devices';
import { recordReadings } from '../meters';
import { buildBusiness, buildLocation, buildMeter, buildSite, buildUser, signIn } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
const tokens = { admin: '', ownerA: '', ownerB: '', nobody: '' };
const ids = { siteB: 0 };

beforeAll(async () => {
  t = await createTestApp();
  const db = t.deps.db;
  const a = await buildBusiness(db);
  const b = await buildBusiness(db);
  const siteA = await buildSite(db, a.id, { timeZone: 'UTC' });
  const siteB = await buildSite(db, b.id, { timeZone: 'UTC' });
  ids.siteB = siteB.id;
  const locA = await buildLocation(db, siteA.id);
  const locB = await buildLocation(db, siteB.id);
  // the statements check-out froze; an open stay is not billed yet
  const stay = (locationId: number, siteId: number, statementTotal: string | null) => ({
    locationId,
    siteId,
    checkinAt: new Date(Date.now() - 86_400_000),
    checkoutAt: statementTotal === null ? null : new Date(),
    statementTotal,
  });
  await db
    .insert(stays)
    .values([
      stay(locA.id, siteA.id, '12.34'),
      stay(locA.id, siteA.id, '0.66'),
      stay(locB.id, siteB.id, '5.00'),
      stay(locB.id, siteB.id, null),
    ]);
  const electricA = await buildMeter(db, { locationId: locA.id, slot: 1, deviceTypeId: 1 });
  const waterA = await buildMeter(db, {
    locationId: locA.id,
    slot: 2,
    deviceTypeId: 7,
    name: 'W100001',
    deviceKey: 'dk-W100001',
  });
  const electricB = await buildMeter(db, { locationId: locB.id, slot: 1, deviceTypeId: 1 });
  // today in UTC at any time of day: the unbilled-usage job looks at today's usage
  const midnight = Date.parse(new Date().toISOString().slice(0, 10));
  const at = (m: number) => new Date(Math.max(Date.now() - 3_600_000, midnight) + m * 60_000);
  await recordReadings(db, [
    { servicePointId: electricA.id, readAt: at(0), total: '100', isReset: false },
    { servicePointId: electricA.id, readAt: at(55), total: '110', isReset: false },
    { servicePointId: waterA.id, readAt: at(0), total: '1000', isReset: false },
    { servicePointId: waterA.id, readAt: at(55), total: '1200', isReset: false },
    { servicePointId: electricB.id, readAt: at(0), total: '5', isReset: false },
    { servicePointId: electricB.id, readAt: at(55), total: '9', isReset: false },
  ]);
  tokens.admin = await signIn(t, await buildUser(db, { roleId: Role.Administrator }));
  tokens.ownerA = await signIn(t, await buildUser(db, { roleId: Role.SiteOwner, busEntityId: a.id }));
  tokens.ownerB = await signIn(t, await buildUser(db, { roleId: Role.SiteOwner, busEntityId: b.id }));
  tokens.nobody = await signIn(t, await buildUser(db, { roleId: Role.None }));
});
afterAll(() => t.close());

const stats = (token: string) =>
  t.call<{ totalKwh: number; cO2: number; billed: number }>({ method: 'GET', url: '/api/GetRealtimeStats', token });

describe('dashboard', () => {
  it("sums kWh, CO2 and the stays' statements over the properties the caller sees", async () => {
    const all = (await stats(tokens.admin)).body.result;
    expect(all.totalKwh).toBe(14);
    expect(all.cO2).toBeCloseTo(14 * CO2_LBS_SAVED_PER_KWH, 2);
    expect(all.billed).toBe(18);
    const mine = (await stats(tokens.ownerA)).body.result;
    expect(mine).toMatchObject({ totalKwh: 10, billed: 13 });
    expect((await stats(tokens.nobody)).status).toBe(403);
  });

  it('raises an unbilled-usage alert once per meter on a vacant location and shows it only in scope', async () => {
    expect(await flagUnbilledUsage(t.deps)).toBe(3);
    expect(await flagUnbilledUsage(t.deps)).toBe(0);
    const a = await t.call<SystemAlert[]>({
      method: 'GET',
      url: '/api/GetSystemAlerts',
      token: tokens.ownerA,
    });
    expect(a.body.result.map((x) => x.kind)).toEqual(['unbilledUsage', 'unbilledUsage']);
    expect(a.body.result.map((x) => x.params.unit).sort()).toEqual(['gal', 'kWh']);
    expect(a.body.result[0]!.params).toMatchObject({ meter: expect.any(String) as string });
    expect(a.body.result[0]!.timeZone).toBe('UTC');
    const b = await t.call<unknown[]>({ method: 'GET', url: '/api/GetSystemAlerts', token: tokens.ownerB });
    expect(b.body.result).toHaveLength(1);
    const admin = await t.call<unknown[]>({ method: 'GET', url: '/api/GetSystemAlerts', token: tokens.admin });
    expect(admin.body.result).toHaveLength(3);
    await t.deps.db.update(systemAlerts).set({ resolvedAt: new Date() }).where(eq(systemAlerts.kind, 'unbilledUsage'));
  });

  it('answers alerts as data: the names users typed as they typed them, no markup from the server', async () => {
    const [loc] = await t.deps.db.select().from(locations).where(eq(locations.siteId, ids.siteB));
    await t.deps.db
      .update(locations)
      .set({ description: '<img src=x onerror=alert(1)>' })
      .where(eq(locations.id, loc!.id));
    await t.deps.db.update(sites).set({ publicName: '<a href="//evil.example">B</a>' }).where(eq(sites.id, ids.siteB));
    expect(await flagUnbilledUsage(t.deps)).toBe(3);
    const b = await t.call<SystemAlert[]>({ method: 'GET', url: '/api/GetSystemAlerts', token: tokens.ownerB });
    expect(b.body.result[0]).toMatchObject({
      kind: 'unbilledUsage',
      params: { site: '<a href="//evil.example">B</a>', location: '<img src=x onerror=alert(1)>' },
    });
    expect(Object.keys(b.body.result[0]!)).not.toContain('alertText');
    await t.deps.db.update(systemAlerts).set({ resolvedAt: new Date() }).where(eq(systemAlerts.kind, 'unbilledUsage'));
  });

  it('answers the location counts and the daily usage chart', async () => {
    const counts = await t.call({ method: 'GET', url: '/api/Report/DashboardStats', token: tokens.ownerA });
    expect(counts.body.result).toEqual({
      activeLocations: 1,
      inUseLocations: 0,
      outOfServiceLocations: 0,
      missingDevices: 0,
    });
    const chart = await t.call<Array<{ siteName: string; days: Array<{ day: string; kwh: number; gallons: number }> }>>(
      { method: 'GET', url: '/api/Dashboard/UsageBySite?days=30', token: tokens.ownerA },
    );
    expect(chart.body.result).toHaveLength(1);
    // every one of the 30 local days up to today, the days without usage as zeros
    const days = chart.body.result[0]!.days.map((d) => d.day);
    const today = Date.parse(new Date().toISOString().slice(0, 10));
    expect(days).toEqual(
      Array.from({ length: 30 }, (_, i) => new Date(today - (29 - i) * 86_400_000).toISOString().slice(0, 10)),
    );
    expect(chart.body.result[0]!.days.reduce((s, d) => s + d.kwh, 0)).toBe(10);
    expect(chart.body.result[0]!.days.reduce((s, d) => s + d.gallons, 0)).toBe(200);
  });
});
