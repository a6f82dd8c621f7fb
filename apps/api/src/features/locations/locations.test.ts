import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { type LocationRow } from '@portal/contract';
import { locations, stays } from '../../db/schema';
import { rebuildDailyUsage } from '../../db/seed/rollup';
import { recordReadings } from '../meters';
import { buildLocation, buildMeter } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildPropertyWorld, type PropertyWorld } from '../../test/property-world';

let t: TestApp;
let tokens: PropertyWorld['tokens'];
const ids = { siteA1: 0, siteA2: 0, siteB: 0, loc1: 0, loc2: 0, locB: 0, meter1: 0 };

beforeAll(async () => {
  t = await createTestApp();
  const db = t.deps.db;
  const w = await buildPropertyWorld(t);
  tokens = w.tokens;
  const loc1 = await buildLocation(db, w.siteA1.id, { description: 'A-01' });
  const loc2 = await buildLocation(db, w.siteA1.id, { description: 'A-02' });
  const locB = await buildLocation(db, w.siteB1.id);
  const meter1 = await buildMeter(db, { locationId: loc1.id, slot: 1 });
  Object.assign(ids, {
    siteA1: w.siteA1.id,
    siteA2: w.siteA2.id,
    siteB: w.siteB1.id,
    loc1: loc1.id,
    loc2: loc2.id,
    locB: locB.id,
    meter1: meter1.id,
  });
});
afterAll(() => t.close());

const list = (token: string, siteID: number) =>
  t.call<LocationRow[]>({ method: 'GET', url: `/api/GetAllLocationsWithMetersBySiteID?siteID=${siteID}`, token });

describe('the locations table', () => {
  it('answers usage by day, week, month and total in the site time zone, never negative across a reset', async () => {
    // Wednesday 2026-11-18, 10:00 in Denver (17:00 UTC); the week starts on Monday the 16th.
    t.clock.set(new Date('2026-11-18T17:00:00Z'));
    const r = (at: string, total: string, isReset = false) => ({
      servicePointId: ids.meter1,
      readAt: new Date(at),
      total,
      isReset,
    });
    await recordReadings(t.deps.db, [
      r('2026-10-31T12:00:00Z', '1000'), // October: only in the total
      r('2026-11-02T12:00:00Z', '1010'), // +10 this month
      r('2026-11-16T08:00:00Z', '1015'), // +5 on Monday the 16th at 01:00 Denver: this week
      r('2026-11-18T06:30:00Z', '1020'), // +5 on Tuesday 23:30 Denver, not today
      r('2026-11-18T08:00:00Z', '1025'), // +5 today (01:00 Denver)
      r('2026-11-18T09:00:00Z', '40', true), // reset: a new baseline
      r('2026-11-18T10:00:00Z', '42.5'), // +2.5 today
    ]);
    const res = await list(tokens.admin, ids.siteA1);
    expect(res.status).toBe(200);
    const row = res.body.result.find((l) => l.locationID === ids.loc1)!;
    expect(row.servicePoints[0]!.usage).toEqual({ dayUsage: 7, weekUsage: 17, monthUsage: 27, totalUsage: 27 });
    expect(row.servicePoints[0]!.kwhTotal).toBe(42.5);
    expect(res.body.result.find((l) => l.locationID === ids.loc2)!.servicePoints).toEqual([]);
    t.clock.set(new Date());
  });

  it('keeps the same usage when readings come in later batches, and when the roll-ups are rebuilt', async () => {
    t.clock.set(new Date('2026-11-19T17:00:00Z'));
    // after the batch above: Thursday the 19th in Denver, +3 and +4 in two batches
    await recordReadings(t.deps.db, [
      { servicePointId: ids.meter1, readAt: new Date('2026-11-19T15:00:00Z'), total: '45.5', isReset: false },
    ]);
    await recordReadings(t.deps.db, [
      { servicePointId: ids.meter1, readAt: new Date('2026-11-19T16:00:00Z'), total: '49.5', isReset: false },
    ]);
    const usage = async () =>
      (await list(tokens.admin, ids.siteA1)).body.result.find((l) => l.locationID === ids.loc1)!.servicePoints[0]!
        .usage;
    expect(await usage()).toEqual({ dayUsage: 7, weekUsage: 24, monthUsage: 34, totalUsage: 34 });
    await rebuildDailyUsage(t.deps.db);
    expect(await usage()).toEqual({ dayUsage: 7, weekUsage: 24, monthUsage: 34, totalUsage: 34 });
    t.clock.set(new Date());
  });

  it.each([
    ['ownerA', 'siteA1', 200],
    ['managerA1', 'siteA1', 200],
    ['managerA1', 'siteA2', 403],
    ['ownerB', 'siteA1', 403],
    ['ownerA', 'siteB', 403],
  ] as const)('%s reading %s answers %i, for the whole table and for a page of it', async (who, site, status) => {
    expect((await list(tokens[who], ids[site])).status).toBe(status);
    const page = await t.call({
      method: 'GET',
      url: `/api/Locations/GetLocationsPage?siteID=${ids[site]}`,
      token: tokens[who],
    });
    expect(page.status).toBe(status);
  });
});

describe('adding locations', () => {
  it('adds all rows in one transaction with a generated public name', async () => {
    const res = await t.call<number[]>({
      method: 'POST',
      url: '/api/BulkCreateLocationWithSetting',
      token: tokens.managerA1,
      payload: [
        { locationDescription: 'B-01', accountNumber: '77', fk_SiteID: ids.siteA1 },
        { locationDescription: 'B-02', fk_SiteID: ids.siteA1 },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('All locations are added.');
    const [created] = await t.deps.db.select().from(locations).where(eq(locations.id, res.body.result[0]!));
    expect(created!.publicName).toBe(`L${String(created!.id).padStart(6, '0')}`);
  });

  it("refuses an empty description with 'Location Description is required'", async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/BulkCreateLocationWithSetting',
      token: tokens.admin,
      payload: [{ locationDescription: ' ', fk_SiteID: ids.siteA1 }],
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Location Description is required');
  });

  it('adds nothing when one row names a property outside the scope', async () => {
    const before = await t.deps.db.select().from(locations);
    const res = await t.call({
      method: 'POST',
      url: '/api/BulkCreateLocationWithSetting',
      token: tokens.managerA1,
      payload: [
        { locationDescription: 'C-01', fk_SiteID: ids.siteA1 },
        { locationDescription: 'C-02', fk_SiteID: ids.siteA2 },
      ],
    });
    expect(res.status).toBe(403);
    expect((await t.deps.db.select().from(locations)).length).toBe(before.length);
  });
});

describe('one description a property, ignoring case and spaces', () => {
  const add = (descriptions: string[], siteId = ids.siteA1) =>
    t.call<number[]>({
      method: 'POST',
      url: '/api/BulkCreateLocationWithSetting',
      token: tokens.admin,
      payload: descriptions.map((locationDescription) => ({ locationDescription, fk_SiteID: siteId })),
    });
  const countIn = async (siteId: number) =>
    (await t.deps.db.select().from(locations).where(eq(locations.siteId, siteId))).length;

  it.each([['a-01'], ['A-01 '], [' a - 0 1'], ['A\t-01']])(
    'refuses adding %j beside A-01, and adds nothing of the request',
    async (description) => {
      const before = await countIn(ids.siteA1);
      const res = await add(['D-01', description]);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('Another location of this property already has this description.');
      expect(res.body.result).toMatchObject({ errors: [{ field: '1.locationDescription' }] });
      expect(await countIn(ids.siteA1)).toBe(before);
    },
  );

  it('refuses two rows of one request that name the same location', async () => {
    const res = await add(['E 01', 'e01', 'E-02']);
    expect(res.status).toBe(409);
    expect(res.body.result).toMatchObject({ errors: [{ field: '1.locationDescription' }] });
  });

  it('allows the same description in another property, and a deleted location still holds its description', async () => {
    expect((await add(['A-01'], ids.siteA2)).status).toBe(200);
    const hidden = await buildLocation(t.deps.db, ids.siteA1, { description: 'Hidden 1', deleted: true });
    expect((await add(['hidden 1'])).status).toBe(409);
    expect(hidden.deleted).toBe(true);
  });

  it('refuses renaming a location to another one’s description, but not to its own in other letters', async () => {
    const rename = (description: string) =>
      t.call({
        method: 'PUT',
        url: '/api/UpdateLocation',
        token: tokens.admin,
        payload: { locationID: ids.loc1, locationDescription: description, locationPublicName: 'PUB-A01' },
      });
    const clash = await rename('a-02');
    expect(clash.status).toBe(409);
    expect(clash.body.result).toMatchObject({ errors: [{ field: 'locationDescription' }] });
    expect((await rename('a-01')).status).toBe(200);
    expect((await rename('A-01')).status).toBe(200);
  });

  it('keeps the location type when an edit leaves it out, and clears it only when told (null)', async () => {
    const typed = await buildLocation(t.deps.db, ids.siteA1, { description: 'Typed 1', locationTypeId: 1 });
    const edit = (over: object) =>
      t.call({
        method: 'PUT',
        url: '/api/UpdateLocation',
        token: tokens.admin,
        payload: {
          locationID: typed.id,
          locationDescription: 'Typed 1',
          locationPublicName: typed.publicName,
          ...over,
        },
      });
    const typeOf = async () =>
      (await t.deps.db.select().from(locations).where(eq(locations.id, typed.id)))[0]!.locationTypeId;
    expect((await edit({})).status).toBe(200);
    expect(await typeOf()).toBe(1);
    expect((await edit({ locationType: null })).status).toBe(200);
    expect(await typeOf()).toBeNull();
  });

  it('refuses moving a location into a property that has its description', async () => {
    const twin = await buildLocation(t.deps.db, ids.siteA2, { description: 'Twin 7' });
    const mover = await buildLocation(t.deps.db, ids.siteA1, { description: 'twin7' });
    const res = await t.call({
      method: 'PUT',
      url: '/api/MoveLocation',
      token: tokens.admin,
      payload: { LocationID: mover.id, SiteId: ids.siteA2 },
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('The chosen property already has a location with this description.');
    const [still] = await t.deps.db.select().from(locations).where(eq(locations.id, mover.id));
    expect(still!.siteId).toBe(ids.siteA1);
    expect(twin.siteId).toBe(ids.siteA2);
  });

  it('answers 409, not 500, to the loser of a race for one description', async () => {
    const results = await Promise.all([add(['Race 1']), add(['race 1'])]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it('is kept by the database whatever the application does', async () => {
    await expect(buildLocation(t.deps.db, ids.siteA1, { description: 'A - 01' })).rejects.toThrow();
  });
});

describe('editing a location', () => {
  const update = (token: string, body: object) =>
    t.call({
      method: 'PUT',
      url: '/api/UpdateLocation',
      token,
      payload: { locationID: ids.loc2, locationDescription: 'A-02', locationPublicName: 'PUB-A02', ...body },
    });

  it('lets a Site Owner change the account number and type', async () => {
    const res = await update(tokens.ownerA, { billingAccountNumber: 'ACC-9', locationType: 2 });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Location updated successfully');
  });

  it('lets a Site Manager change the description but not the account number', async () => {
    expect(
      (
        await update(tokens.managerA1, {
          locationDescription: 'A-02 shaded',
          billingAccountNumber: 'ACC-9',
          locationType: 2,
        })
      ).status,
    ).toBe(200);
    const res = await update(tokens.managerA1, { billingAccountNumber: 'OTHER', locationType: 2 });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Your role cannot change this field.');
  });

  it('keeps description, account and type while a guest is checked in', async () => {
    await t.deps.db.update(locations).set({ isCheckedIn: true }).where(eq(locations.id, ids.loc2));
    const res = await update(tokens.admin, {
      locationDescription: 'renamed',
      billingAccountNumber: 'ACC-9',
      locationType: 2,
    });
    expect(res.status).toBe(409);
    await t.deps.db.update(locations).set({ isCheckedIn: false }).where(eq(locations.id, ids.loc2));
  });

  it("refuses a Site Owner editing another business's location", async () => {
    const res = await t.call({
      method: 'PUT',
      url: '/api/UpdateLocation',
      token: tokens.ownerA,
      payload: { locationID: ids.locB, locationDescription: 'x', locationPublicName: 'X1' },
    });
    expect(res.status).toBe(403);
  });

  it("answers 'Required' for an empty description", async () => {
    const res = await update(tokens.admin, { locationDescription: '' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Required');
  });
});

describe('deleting, erasing and moving', () => {
  it('lets only an Administrator delete, never while checked in', async () => {
    const toggle = (token: string) =>
      t.call<{ deleted: boolean }>({
        method: 'PUT',
        url: '/api/ServicePoint/UpdateLocationDeletedStatus',
        token,
        payload: { locationID: ids.loc2 },
      });
    expect((await toggle(tokens.ownerA)).status).toBe(403);
    await t.deps.db.update(locations).set({ isCheckedIn: true }).where(eq(locations.id, ids.loc2));
    const blocked = await toggle(tokens.admin);
    expect(blocked.body.message).toBe('Check-out first then delete');
    await t.deps.db.update(locations).set({ isCheckedIn: false }).where(eq(locations.id, ids.loc2));
    const deleted = await toggle(tokens.admin);
    expect(deleted.body).toMatchObject({ result: { deleted: true }, message: 'Location deleted successfully' });
    const back = await toggle(tokens.admin);
    expect(back.body).toMatchObject({ result: { deleted: false }, message: 'Location reactivated successfully' });
  });

  it('answers 417 when erasing a location with stays', async () => {
    await t.deps.db.insert(stays).values({
      locationId: ids.loc2,
      siteId: ids.siteA1,
      checkinAt: new Date('2026-01-01'),
      checkoutAt: new Date('2026-01-02'),
    });
    const res = await t.call({
      method: 'DELETE',
      url: `/api/DeleteLocationWithSetting?locationId=${ids.loc2}`,
      token: tokens.admin,
    });
    expect(res.status).toBe(417);
    expect(res.body.message).toBe(
      'Failed to delete location. There are transaction records associated with the location preventing the deletion.',
    );
  });

  it('moves locations all or none, and never a checked-in one', async () => {
    const extra = await buildLocation(t.deps.db, ids.siteA1, { isCheckedIn: true });
    const bulk = await t.call({
      method: 'PUT',
      url: '/api/BulkMoveLocation',
      token: tokens.admin,
      payload: [
        { LocationID: ids.loc2, SiteId: ids.siteA2 },
        { LocationID: extra.id, SiteId: ids.siteA2 },
      ],
    });
    expect(bulk.status).toBe(409);
    const [still] = await t.deps.db.select().from(locations).where(eq(locations.id, ids.loc2));
    expect(still!.siteId).toBe(ids.siteA1);
    const one = await t.call({
      method: 'PUT',
      url: '/api/moveLocation',
      token: tokens.admin,
      payload: { locationId: ids.loc2, siteid: ids.siteA2 },
    });
    expect(one.status).toBe(200);
    expect(one.body.message).toBe('Location moved successfully');
    expect(
      (
        await t.call({
          method: 'PUT',
          url: '/api/MoveLocation',
          token: tokens.ownerA,
          payload: { LocationID: ids.loc2, SiteId: ids.siteA1 },
        })
      ).status,
    ).toBe(403);
  });
});

describe('stay history', () => {
  it('lists stays newest first and refuses out-of-scope ids', async () => {
    const res = await t.call<Array<{ checkoutDateTime: string | null }>>({
      method: 'GET',
      url: `/api/GetStayTransactionsUsageByLocationID?locationID=${ids.loc2}`,
      token: tokens.admin,
    });
    expect(res.status).toBe(200);
    expect(res.body.result).toHaveLength(1);
    expect(
      (
        await t.call({
          method: 'GET',
          url: `/api/GetStayTransactionsUsageByLocationID?locationID=${ids.loc1}`,
          token: tokens.ownerB,
        })
      ).status,
    ).toBe(403);
  });
});
