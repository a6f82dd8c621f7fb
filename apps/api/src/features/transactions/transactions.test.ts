import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role, type StayTransaction } from '@portal/contract';
import { stayMeters, stays } from '../../db/schema';
import { buildLocation, buildMeter, buildUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { recordReadings } from '../meters';
import { reportFixture } from '../../test/report-fixture';

let t: TestApp;
let f: Awaited<ReturnType<typeof reportFixture>>;
const ids = { open: 0, old: 0, other: 0, staff: 0 };

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(new Date('2026-11-05T12:00:00Z'));
  f = await reportFixture(t);
  const db = t.deps.db;
  // an open stay: opening 100, then 110, a reset to 5, then 8 → 13 kWh so far
  const loc = await buildLocation(db, f.site.id);
  const meter = await buildMeter(db, { locationId: loc.id, slot: 1 });
  // the meter read 100 before the guest came: the opening reading
  await recordReadings(db, [
    { servicePointId: meter.id, readAt: new Date('2026-11-03T23:45:00Z'), total: '100', isReset: false },
  ]);
  const [open] = await db
    .insert(stays)
    .values({ locationId: loc.id, siteId: f.site.id, checkinAt: new Date('2026-11-04T00:00:00Z') })
    .returning();
  await db.insert(stayMeters).values({ stayId: open!.id, servicePointId: meter.id, openingReading: '100' });
  await recordReadings(db, [
    { servicePointId: meter.id, readAt: new Date('2026-11-04T06:00:00Z'), total: '110', isReset: false },
  ]);
  await recordReadings(db, [
    { servicePointId: meter.id, readAt: new Date('2026-11-04T07:00:00Z'), total: '5', isReset: true },
  ]);
  await recordReadings(db, [
    { servicePointId: meter.id, readAt: new Date('2026-11-04T08:00:00Z'), total: '8', isReset: false },
  ]);
  ids.open = open!.id;
  ids.staff = (await buildUser(db, { roleId: Role.SiteManager, siteIds: [f.site.id] })).id;
  const [old] = await db
    .insert(stays)
    .values({
      locationId: f.b.id,
      siteId: f.site.id,
      checkinAt: new Date('2026-09-28T18:00:00Z'),
      checkoutAt: new Date('2026-10-01T17:00:00Z'),
      checkedInByUserId: ids.staff,
      checkedOutByUserId: ids.staff,
    })
    .returning();
  ids.old = old!.id;
  const otherLoc = await buildLocation(db, f.otherSite.id);
  const [other] = await db
    .insert(stays)
    .values({
      locationId: otherLoc.id,
      siteId: f.otherSite.id,
      checkinAt: new Date('2026-11-01T18:00:00Z'),
      checkoutAt: new Date('2026-11-03T17:00:00Z'),
    })
    .returning();
  ids.other = other!.id;
});
afterAll(() => t.close());

const history = (token: string, filter?: number) =>
  t.call<StayTransaction[]>({
    method: 'GET',
    url: `/api/ServicePoint/GetCompletedStayTransactionsUsageByDateRange${filter ? `?currentDateRangeFilter=${filter}` : ''}`,
    token,
  });

describe('transactions', () => {
  it('[SITE MANAGER] sees the open stays of their property with the usage so far, never negative across a reset', async () => {
    const res = await t.call<StayTransaction[]>({
      method: 'GET',
      url: '/api/ServicePoint/GetActiveStayTransactionsUsageByDateRange',
      token: f.tokens.manager,
    });
    expect(res.status).toBe(200);
    expect(res.body.result).toEqual([
      expect.objectContaining({
        stayID: ids.open,
        siteName: 'Lakeside RV',
        checkoutDateTime: null,
        usage: 13,
        checkInByUserName: null,
      }),
    ]);
  });

  it.each([
    [3, ['fixture']],
    [4, ['fixture']],
    [7, ['fixture']],
    [14, ['fixture', 'old']],
    [undefined, ['fixture']],
  ])('history with filter %s', async (filter, expected) => {
    const res = await history(f.tokens.owner, filter);
    expect(res.status).toBe(200);
    const want = expected.map((k) => (k === 'fixture' ? f.stay.id : ids.old));
    expect(res.body.result.map((r) => r.stayID)).toEqual(want);
  });

  it('history rows carry the specification’s fields with the guest and the property’s zone, newest checkout first', async () => {
    const res = await history(f.tokens.admin, 14);
    const ids14 = res.body.result.map((r) => r.stayID);
    expect(ids14.indexOf(ids.other)).toBeLessThan(ids14.indexOf(f.stay.id));
    expect(res.body.result.find((r) => r.stayID === f.stay.id)).toEqual({
      stayID: f.stay.id,
      siteName: 'Lakeside RV',
      timeZone: 'America/Denver',
      locationDescription: f.a.description,
      guest: { firstName: 'Gina', lastName: 'Guest', mobileNumber: '(555) 123-4567' },
      checkinDateTime: '2026-10-31T12:00:00.000Z',
      checkoutDateTime: '2026-11-02T20:00:00.000Z',
      usage: 40,
      estimated: false,
      // the property has no tariff: its stays cost nothing
      statementTotal: { total: '0.00', currency: 'USD' },
      checkInByUserName: null,
      checkOutByUserName: null,
    });
  });

  it('names the staff member who checked a stay in and out; an automatic check-out names nobody', async () => {
    const rows = (await history(f.tokens.owner, 14)).body.result;
    const staffName = expect.stringMatching(/^Test User \d+$/);
    expect(rows.find((r) => r.stayID === ids.old)).toMatchObject({
      guest: null,
      checkInByUserName: staffName,
      checkOutByUserName: staffName,
    });
    expect(rows.find((r) => r.stayID === f.stay.id)).toMatchObject({ checkOutByUserName: null });
  });

  it('accepts the filter in a POST body too', async () => {
    const res = await t.call<StayTransaction[]>({
      method: 'POST',
      url: '/api/ServicePoint/GetCompletedStayTransactionsUsageByDateRange',
      token: f.tokens.owner,
      payload: { currentDateRangeFilter: 14 },
    });
    expect(res.body.result).toHaveLength(2);
  });

  it('shows another business only its own stays', async () => {
    const res = await history(f.tokens.otherOwner, 14);
    expect(res.body.result.map((r) => r.stayID)).toEqual([ids.other]);
    const manager = await history(f.tokens.otherManager, 14);
    expect(manager.body.result.map((r) => r.stayID)).toEqual([ids.other]);
  });

  it('refuses an unknown filter and a signed-out caller', async () => {
    expect((await history(f.tokens.owner, 5)).status).toBe(400);
    expect(
      (await t.call({ method: 'GET', url: '/api/ServicePoint/GetActiveStayTransactionsUsageByDateRange' })).status,
    ).toBe(401);
  });
});
