import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@portal/contract';
import { buildBusiness, buildLocation, buildMeter, buildSite } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';
import type { Principal } from './principal';
import { requireLocation, requireServicePoint, requireSite } from './scope';

let t: TestApp;
const ids = { siteA1: 0, siteA2: 0, siteB: 0, locA1: 0, locB: 0, meterA1: 0, meterB: 0, stock: 0, busA: 0, busB: 0 };

beforeAll(async () => {
  t = await createTestApp();
  const db = t.deps.db;
  const a = await buildBusiness(db);
  const b = await buildBusiness(db);
  const siteA1 = await buildSite(db, a.id);
  const siteA2 = await buildSite(db, a.id);
  const siteB = await buildSite(db, b.id);
  const locA1 = await buildLocation(db, siteA1.id);
  const locB = await buildLocation(db, siteB.id);
  const meterA1 = await buildMeter(db, { locationId: locA1.id, slot: 1 });
  const meterB = await buildMeter(db, { locationId: locB.id, slot: 1 });
  const stock = await buildMeter(db);
  Object.assign(ids, {
    busA: a.id,
    busB: b.id,
    siteA1: siteA1.id,
    siteA2: siteA2.id,
    siteB: siteB.id,
    locA1: locA1.id,
    locB: locB.id,
    meterA1: meterA1.id,
    meterB: meterB.id,
    stock: stock.id,
  });
});
afterAll(() => t.close());

const admin = (): Principal => ({
  userAccountId: 1,
  roleId: Role.Administrator,
  busEntityId: null,
  assignedSiteIds: [],
  sessionId: 'test',
});
const ownerA = (): Principal => ({
  userAccountId: 2,
  roleId: Role.SiteOwner,
  busEntityId: ids.busA,
  assignedSiteIds: [],
  sessionId: 'test',
});
const managerA1 = (): Principal => ({
  userAccountId: 3,
  roleId: Role.SiteManager,
  busEntityId: ids.busA,
  assignedSiteIds: [ids.siteA1],
  sessionId: 'test',
});
const nobody = (): Principal => ({
  userAccountId: 4,
  roleId: Role.None,
  busEntityId: null,
  assignedSiteIds: [],
  sessionId: 'test',
});

const status = (p: Promise<unknown>) =>
  p.then(
    () => 200,
    (e: { status?: number }) => e.status ?? 500,
  );

describe('scope of sites, locations and meters', () => {
  it('lets an Administrator reach everything and answers 404 for what does not exist', async () => {
    expect(await status(requireSite(t.deps.db, admin(), ids.siteB))).toBe(200);
    expect(await status(requireServicePoint(t.deps.db, admin(), ids.stock))).toBe(200);
    expect(await status(requireLocation(t.deps.db, admin(), 999_999))).toBe(404);
  });

  it('keeps a Site Owner inside their business, whatever id they guess', async () => {
    const db = t.deps.db;
    expect(await status(requireSite(db, ownerA(), ids.siteA2))).toBe(200);
    expect(await status(requireSite(db, ownerA(), ids.siteB))).toBe(403);
    expect(await status(requireLocation(db, ownerA(), ids.locB))).toBe(403);
    expect(await status(requireServicePoint(db, ownerA(), ids.meterB))).toBe(403);
    expect(await status(requireServicePoint(db, ownerA(), ids.stock))).toBe(403);
    expect(await status(requireLocation(db, ownerA(), 999_999))).toBe(403);
  });

  it('keeps a Site Manager to the sites assigned to them', async () => {
    const db = t.deps.db;
    expect(await status(requireLocation(db, managerA1(), ids.locA1))).toBe(200);
    expect(await status(requireServicePoint(db, managerA1(), ids.meterA1))).toBe(200);
    expect(await status(requireSite(db, managerA1(), ids.siteA2))).toBe(403);
    expect(await status(requireSite(db, managerA1(), ids.siteB))).toBe(403);
  });

  it('gives an account without a role nothing', async () => {
    expect(await status(requireSite(t.deps.db, nobody(), ids.siteA1))).toBe(403);
  });
});
