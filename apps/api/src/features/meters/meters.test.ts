import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { dailyUsage, locations, meterReadings, servicePoints } from '../../db/schema';
import { buildLocation, buildMeter } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildPropertyWorld, type PropertyWorld } from '../../test/property-world';
import { recordReadings } from './readings';

let t: TestApp;
let tokens: PropertyWorld['tokens'];
const ids = { site: 0, loc: 0, loc2: 0, electric: 0, water: 0, third: 0, cube: 0 };

beforeAll(async () => {
  t = await createTestApp();
  const db = t.deps.db;
  const w = await buildPropertyWorld(t);
  tokens = w.tokens;
  const site = w.siteA1;
  const loc = await buildLocation(db, site.id);
  const loc2 = await buildLocation(db, site.id);
  const electric = await buildMeter(db, { deviceTypeId: 6 });
  const water = await buildMeter(db, { deviceTypeId: 7, name: 'W000001', deviceKey: 'dk-W000001' });
  const third = await buildMeter(db, { deviceTypeId: 1 });
  const cube = await buildMeter(db, { deviceTypeId: 2 });
  Object.assign(ids, {
    site: site.id,
    loc: loc.id,
    loc2: loc2.id,
    electric: electric.id,
    water: water.id,
    third: third.id,
    cube: cube.id,
  });
});
afterAll(() => t.close());

const assign = (token: string, payload: Array<{ servicePointID: number; fk_LocationID: number }>) =>
  t.call({ method: 'POST', url: '/api/AssignMetersToLocations', token, payload });

describe('meters on locations', () => {
  it('assigns up to two meters and refuses a third, changing nothing', async () => {
    expect(
      (
        await assign(tokens.managerA1, [
          { servicePointID: ids.electric, fk_LocationID: ids.loc },
          { servicePointID: ids.water, fk_LocationID: ids.loc },
        ])
      ).status,
    ).toBe(200);
    const third = await t.call({
      method: 'POST',
      url: '/api/AddMeterToLocation',
      token: tokens.admin,
      payload: { servicePointID: ids.third, fk_LocationID: ids.loc },
    });
    expect(third.status).toBe(409);
    expect(third.body.message).toBe('This location cannot take another meter.');
    const [m] = await t.deps.db.select().from(servicePoints).where(eq(servicePoints.id, ids.third));
    expect(m!.locationId).toBeNull();
  });

  it('keeps a Cube alone on its location', async () => {
    const res = await assign(tokens.admin, [
      { servicePointID: ids.cube, fk_LocationID: ids.loc2 },
      { servicePointID: ids.third, fk_LocationID: ids.loc2 },
    ]);
    expect(res.status).toBe(409);
  });

  it('refuses a meter that is not in stock and a meter named twice', async () => {
    expect((await assign(tokens.admin, [{ servicePointID: ids.electric, fk_LocationID: ids.loc2 }])).body.message).toBe(
      'This meter is not in stock.',
    );
    const twice = await assign(tokens.admin, [
      { servicePointID: ids.third, fk_LocationID: ids.loc2 },
      { servicePointID: ids.third, fk_LocationID: ids.loc2 },
    ]);
    expect(twice.body.message).toBe('A meter can be assigned to one location only.');
  });

  it('lets the database itself refuse a third meter or a shared slot', async () => {
    await expect(
      t.deps.db.update(servicePoints).set({ locationId: ids.loc, slot: 3 }).where(eq(servicePoints.id, ids.third)),
    ).rejects.toThrow();
    await expect(
      t.deps.db.update(servicePoints).set({ locationId: ids.loc, slot: 1 }).where(eq(servicePoints.id, ids.third)),
    ).rejects.toThrow();
  });

  it("refuses another business's location", async () => {
    expect((await assign(tokens.ownerB, [{ servicePointID: ids.third, fk_LocationID: ids.loc2 }])).status).toBe(403);
  });

  it('lists the Assign Meter dialog: locations with room and the stock', async () => {
    const res = await t.call<{
      locations: Array<{ locationID: number }>;
      availableMeters: Array<{ servicePointId: number }>;
    }>({
      method: 'GET',
      url: `/api/GetLocationsToAssignMeters?siteID=${ids.site}`,
      token: tokens.ownerA,
    });
    expect(res.body.result.locations.map((l) => l.locationID)).toEqual([ids.loc2]);
    expect(res.body.result.availableMeters.map((m) => m.servicePointId)).toEqual(
      expect.arrayContaining([ids.third, ids.cube]),
    );
  });

  it('removes a meter back to stock, but not while checked in', async () => {
    await t.deps.db.update(locations).set({ isCheckedIn: true }).where(eq(locations.id, ids.loc));
    const body = { servicePointID: ids.water, fk_LocationID: ids.loc };
    expect(
      (await t.call({ method: 'DELETE', url: '/api/DeleteMeterFromLocation', token: tokens.admin, payload: body }))
        .status,
    ).toBe(409);
    await t.deps.db.update(locations).set({ isCheckedIn: false }).where(eq(locations.id, ids.loc));
    const res = await t.call({
      method: 'DELETE',
      url: '/api/DeleteMeterFromLocation',
      token: tokens.admin,
      payload: body,
    });
    expect(res.body.message).toBe('The meter has been removed.');
    expect((await assign(tokens.admin, [body])).status).toBe(200);
  });
});

describe('reset reading', () => {
  const reading = (token: string, body: object) =>
    t.call<{ overrideConfirmation: boolean }>({
      method: 'POST',
      url: '/api/AddManualMeterReading',
      token,
      payload: body,
    });

  it('asks before a lower reading, stores it with the override, and usage stays positive', async () => {
    await recordReadings(t.deps.db, [
      { servicePointId: ids.electric, readAt: new Date(Date.now() - 3_600_000), total: '500', isReset: false },
      { servicePointId: ids.electric, readAt: new Date(Date.now() - 1_800_000), total: '505', isReset: false },
    ]);
    const ask = await reading(tokens.managerA1, { deviceKey: `dk-${await meterName(ids.electric)}`, kwHTotal: '20.5' });
    expect(ask.body.result.overrideConfirmation).toBe(true);
    expect(ask.body.message).toBe('The current reading entered is less than the previous reading. Are you sure?');
    const stored = await reading(tokens.managerA1, {
      deviceKey: `dk-${await meterName(ids.electric)}`,
      kwHTotal: '20.5',
      overrideConfirmation: true,
    });
    expect(stored.body).toMatchObject({
      result: { overrideConfirmation: false },
      message: 'Meter reading has been updated.',
    });
    await recordReadings(t.deps.db, [
      { servicePointId: ids.electric, readAt: new Date(Date.now() + 60_000), total: '21', isReset: false },
    ]);
    const days = await t.deps.db.select().from(dailyUsage).where(eq(dailyUsage.servicePointId, ids.electric));
    expect(days.reduce((sum, d) => sum + Number(d.usage), 0)).toBeCloseTo(5.5, 6);
    const resets = await t.deps.db.select().from(meterReadings).where(eq(meterReadings.isReset, true));
    expect(resets).toHaveLength(1);
  });

  it("answers a key nobody has as it answers another tenant's, so keys cannot be probed", async () => {
    const foreign = { deviceKey: `dk-${await meterName(ids.electric)}`, kwHTotal: '600' };
    const unknown = { deviceKey: 'dk-nobody-has-this', kwHTotal: '600' };
    const [a, b] = [await reading(tokens.ownerB, foreign), await reading(tokens.ownerB, unknown)];
    expect([a.status, b.status]).toEqual([403, 403]);
    expect(b.body).toEqual(a.body);
    expect((await reading(tokens.admin, unknown)).status).toBe(404);
  });

  it.each([
    [{ totalGallons: '12.5' }, 'W', 'Only integer is allowed.'],
    [{ kwHTotal: '12.1234567' }, 'E', 'Invalid decimal.'],
    [{ kwHTotal: '1234567890123' }, 'E', 'Invalid decimal.'],
    [{ kwHTotal: 'abc' }, 'E', 'Only integer or decimal is allowed.'],
  ])('refuses %j with the specification text', async (value, kind, message) => {
    const id = kind === 'W' ? ids.water : ids.electric;
    const res = await reading(tokens.admin, { deviceKey: `dk-${await meterName(id)}`, ...value });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it("answers 'Option Unavailable' for a device type without reset", async () => {
    await assign(tokens.admin, [{ servicePointID: ids.third, fk_LocationID: ids.loc2 }]);
    const res = await reading(tokens.admin, { deviceKey: `dk-${await meterName(ids.third)}`, kwHTotal: '1' });
    expect(res.body.message).toBe('Option Unavailable');
  });

  it("refuses another business's meter", async () => {
    const res = await reading(tokens.ownerB, {
      deviceKey: `dk-${await meterName(ids.electric)}`,
      kwHTotal: '1',
      overrideConfirmation: true,
    });
    expect(res.status).toBe(403);
  });
});

describe('monitoring and inventory', () => {
  it('lets only an Administrator change monitoring', async () => {
    const body = { LocationId: ids.loc, ServicePointID: ids.electric, ExcludeFromMonitoring: true };
    expect(
      (await t.call({ method: 'PUT', url: '/api/UpdateLocationMonitoring', token: tokens.ownerA, payload: body }))
        .status,
    ).toBe(403);
    const res = await t.call({
      method: 'PUT',
      url: '/api/UpdateLocationMonitoring',
      token: tokens.admin,
      payload: body,
    });
    expect(res.body.message).toBe('Monitoring updated');
    const [m] = await t.deps.db.select().from(servicePoints).where(eq(servicePoints.id, ids.electric));
    expect(m!.excludeFromMonitoring).toBe(true);
  });

  it('registers meters with 7-character ids and their capabilities', async () => {
    const bad = await t.call({
      method: 'POST',
      url: '/api/ServicePoint/CreateMeter',
      token: tokens.admin,
      payload: { servicePointName: 'E12', deviceKey: 'k1', fk_DeviceTypeId: 1 },
    });
    expect(bad.body.message).toBe('Meter ids must be 7 characters long.');
    // the device key is the middle of the meter's MQTT topics: a '/' or a wildcard would break them
    for (const deviceKey of ['k/1', 'k+1', 'k#1', 'k 1']) {
      const refused = await t.call({
        method: 'POST',
        url: '/api/ServicePoint/CreateMeter',
        token: tokens.admin,
        payload: { servicePointName: 'E900002', deviceKey, fk_DeviceTypeId: 1 },
      });
      expect(refused.status).toBe(400);
    }
    const ok = await t.call<number>({
      method: 'POST',
      url: '/api/ServicePoint/CreateMeter',
      token: tokens.admin,
      payload: { servicePointName: 'E900001', deviceKey: 'k-900001', fk_DeviceTypeId: 1 },
    });
    expect(ok.status).toBe(200);
    const page = await t.call<{ total: number; rows: Array<{ servicePointID: number; locationID: number | null }> }>({
      method: 'GET',
      url: '/api/ServicePoint/GetMeterInventory?search=E9000',
      token: tokens.admin,
    });
    expect(page.body.result.rows).toEqual([
      expect.objectContaining({ servicePointID: ok.body.result, locationID: null }),
    ]);
    expect(
      (await t.call({ method: 'GET', url: '/api/ServicePoint/GetMeterInventory', token: tokens.ownerA })).status,
    ).toBe(403);
  });
});

async function meterName(id: number): Promise<string> {
  const [m] = await t.deps.db.select({ name: servicePoints.name }).from(servicePoints).where(eq(servicePoints.id, id));
  return m!.name;
}
