import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { ReadRouteStop } from '@portal/contract';
import { dailyUsage, meterReadings, readingPhotos, servicePointCapabilities, servicePoints } from '../../db/schema';
import { buildHandMeter, buildLocation, buildMeter } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildPropertyWorld, type PropertyWorld } from '../../test/property-world';

let t: TestApp;
let w: PropertyWorld;
const HOUR = 3_600_000;
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46]).toString('base64');

beforeAll(async () => {
  t = await createTestApp();
  w = await buildPropertyWorld(t);
});
afterAll(() => t.close());

/** A meter read by hand on a new location of the manager's property, registered a day ago. */
async function handMeterOnLocation(description?: string) {
  const loc = await buildLocation(t.deps.db, w.siteA1.id, description ? { description } : {});
  const meter = await buildHandMeter(t.deps.db, {
    locationId: loc.id,
    slot: 1,
    createdAt: new Date(t.deps.now().getTime() - 24 * HOUR),
  });
  return { loc, meter };
}

const read = (body: object, token = w.tokens.managerA1) =>
  t.call<{ overrideConfirmation: boolean; previousReading: number | null }>({
    method: 'POST',
    url: '/api/AddManualMeterReading',
    token,
    payload: body,
  });

const ago = (hours: number) => new Date(t.deps.now().getTime() - hours * HOUR).toISOString();

const stored = (meterId: number) =>
  t.deps.db.select().from(meterReadings).where(eq(meterReadings.servicePointId, meterId)).orderBy(meterReadings.readAt);

describe('registering a meter read by hand', () => {
  const create = (payload: object) =>
    t.call<number>({ method: 'POST', url: '/api/ServicePoint/CreateMeter', token: w.tokens.admin, payload });

  it('stores it without a device key or relay, and refuses a key with it or none without it', async () => {
    const made = await create({ servicePointName: 'H900001', readByHand: true, fk_DeviceTypeId: 6 });
    expect(made.status).toBe(200);
    const [meter] = await t.deps.db.select().from(servicePoints).where(eq(servicePoints.id, made.body.result));
    expect(meter).toMatchObject({ deviceKey: null, readByHand: true });
    const relays = await t.deps.db
      .select()
      .from(servicePointCapabilities)
      .where(eq(servicePointCapabilities.servicePointId, made.body.result));
    expect(relays).toEqual([]);
    const both = await create({ servicePointName: 'H900002', deviceKey: 'k-2', readByHand: true, fk_DeviceTypeId: 6 });
    const neither = await create({ servicePointName: 'H900003', fk_DeviceTypeId: 6 });
    expect([both.status, neither.status]).toEqual([400, 400]);
  });
});

describe('reading a meter by hand', () => {
  it('counts usage between reads like a device, at the time each was read', async () => {
    const { meter } = await handMeterOnLocation();
    expect((await read({ servicePointID: meter.id, kwHTotal: '100', at: ago(10) })).body.message).toBe(
      'The reading has been recorded.',
    );
    await read({ servicePointID: meter.id, kwHTotal: '112.5', at: ago(2) });
    const rows = await stored(meter.id);
    expect(rows.map((r) => [r.total, r.isReset, r.usage])).toEqual([
      ['100.000000', false, '0.000000'],
      ['112.500000', false, '12.500000'],
    ]);
    const days = await t.deps.db.select().from(dailyUsage).where(eq(dailyUsage.servicePointId, meter.id));
    expect(days.reduce((sum, d) => sum + Number(d.usage), 0)).toBe(12.5);
  });

  it('asks before a value below the read before it, then lets the rule judge it', async () => {
    const { meter } = await handMeterOnLocation();
    await read({ servicePointID: meter.id, kwHTotal: '500', at: ago(5) });
    const ask = await read({ servicePointID: meter.id, kwHTotal: '20', at: ago(1) });
    expect(ask.body.result).toEqual({ overrideConfirmation: true, previousReading: 500 });
    expect(await stored(meter.id)).toHaveLength(1);
    await read({ servicePointID: meter.id, kwHTotal: '20', at: ago(1), overrideConfirmation: true });
    const [, lower] = await stored(meter.id);
    expect(lower).toMatchObject({ total: '20.000000', usage: '0.000000' });
  });

  it('compares with the read before its own time, not the latest (a read entered late)', async () => {
    const { meter } = await handMeterOnLocation();
    await read({ servicePointID: meter.id, kwHTotal: '100', at: ago(8) });
    await read({ servicePointID: meter.id, kwHTotal: '140', at: ago(1) });
    const between = await read({ servicePointID: meter.id, kwHTotal: '120', at: ago(4) });
    expect(between.body.result.overrideConfirmation).toBe(false);
    expect((await stored(meter.id)).map((r) => r.usage)).toEqual(['0.000000', '20.000000', '20.000000']);
  });

  it('keeps the rules of every reading: not in the future, not too old, not before the meter', async () => {
    const { meter } = await handMeterOnLocation();
    const future = new Date(t.deps.now().getTime() + 10 * 60_000).toISOString();
    const cases = [
      [future, 'The reading is dated in the future.'],
      [ago(24 * 40), 'The reading is too old to be stored.'],
      [ago(30), 'The reading is from before the meter was registered.'],
    ] as const;
    for (const [at, message] of cases) {
      const res = await read({ servicePointID: meter.id, kwHTotal: '1', at });
      expect([res.status, res.body.message]).toEqual([400, message]);
    }
    expect(await stored(meter.id)).toEqual([]);
  });

  it('stores a read sent twice once, and refuses another total at the same instant', async () => {
    const { meter } = await handMeterOnLocation();
    const at = ago(3);
    await read({ servicePointID: meter.id, kwHTotal: '70', at });
    expect((await read({ servicePointID: meter.id, kwHTotal: '70', at })).status).toBe(200);
    const other = await read({ servicePointID: meter.id, kwHTotal: '71', at });
    expect([other.status, other.body.message]).toEqual([409, 'Another reading of this meter is stored at that time.']);
    expect((await stored(meter.id)).map((r) => r.total)).toEqual(['70.000000']);
  });

  it('marks an estimate, and keeps a photo of the meter face that is a JPEG or PNG of at most 2 MB', async () => {
    const { meter } = await handMeterOnLocation();
    await read({ servicePointID: meter.id, kwHTotal: '10', at: ago(6), estimated: true });
    const at = ago(3);
    await read({ servicePointID: meter.id, kwHTotal: '15', at, photo: JPEG });
    expect((await stored(meter.id)).map((r) => r.estimated)).toEqual([true, false]);
    const [photo] = await t.deps.db
      .select()
      .from(readingPhotos)
      .where(and(eq(readingPhotos.servicePointId, meter.id)));
    expect(photo).toMatchObject({ contentType: 'image/jpeg', readAt: new Date(at) });

    const text = await read({
      servicePointID: meter.id,
      kwHTotal: '16',
      photo: Buffer.from('not a picture').toString('base64'),
    });
    const huge = await read({ servicePointID: meter.id, kwHTotal: '16', photo: 'A'.repeat(3_000_000) });
    expect([text.body.message, huge.body.message]).toEqual([
      'The photo must be a JPEG or PNG image.',
      'The photo may be at most 2 MB.',
    ]);
    expect(await stored(meter.id)).toHaveLength(2);
  });

  it("refuses another business's meter by its id", async () => {
    const { meter } = await handMeterOnLocation();
    expect((await read({ servicePointID: meter.id, kwHTotal: '1' }, w.tokens.ownerB)).status).toBe(403);
  });
});

describe('the read route', () => {
  const route = (siteID: number, token = w.tokens.managerA1) =>
    t.call<ReadRouteStop[]>({ method: 'GET', url: `/api/Meters/ReadRoute?siteID=${siteID}`, token });

  it('lists the meters read by hand and the silent networked ones in natural order, with the range expected', async () => {
    const site = w.siteA2;
    const at = (description: string) => buildLocation(t.deps.db, site.id, { description });
    const [pad10, pad2, pad3] = [await at('Pad 10'), await at('Pad 2'), await at('Pad 3')];
    const created = new Date(t.deps.now().getTime() - 24 * 5 * HOUR);
    const hand10 = await buildHandMeter(t.deps.db, { locationId: pad10.id, slot: 1, createdAt: created });
    const hand2 = await buildHandMeter(t.deps.db, { locationId: pad2.id, slot: 1, createdAt: created });
    await buildMeter(t.deps.db, { locationId: pad3.id, slot: 1, deviceTypeId: 6 });
    const silent = await buildMeter(t.deps.db, {
      locationId: pad3.id,
      slot: 2,
      deviceTypeId: 7,
      isMissingDevice: true,
    });
    await read({ servicePointID: hand2.id, kwHTotal: '100', at: ago(72) }, w.tokens.admin);
    await read({ servicePointID: hand2.id, kwHTotal: '110', at: ago(36) }, w.tokens.admin);

    const res = await route(site.id, w.tokens.admin);
    expect(res.body.result.map((s) => [s.locationDescription, s.servicePointID, s.readByHand])).toEqual([
      ['Pad 2', hand2.id, true],
      ['Pad 3', silent.id, false],
      ['Pad 10', hand10.id, true],
    ]);
    // 10 a day at most, a day and a half since (two days begun): up to 110 + 10 × 1.25 × 2
    expect(res.body.result[0]).toMatchObject({ lastReading: '110', expectedMin: '110', expectedMax: '135' });
    expect(res.body.result[2]).toMatchObject({ lastReading: null, expectedMin: null, expectedMax: null });
    // one reading and no use yet: at least it, and no most
    await read({ servicePointID: hand10.id, kwHTotal: '7', at: ago(30) }, w.tokens.admin);
    const once = (await route(site.id, w.tokens.admin)).body.result[2];
    expect(once).toMatchObject({ lastReading: '7', expectedMin: '7', expectedMax: null });

    const order = await t.call({
      method: 'PUT',
      url: '/api/Meters/ReadRouteOrder',
      token: w.tokens.admin,
      payload: { siteID: site.id, locationIDs: [pad10.id, pad3.id] },
    });
    expect(order.body.message).toBe('The read route has been saved.');
    expect((await route(site.id, w.tokens.admin)).body.result.map((s) => s.locationDescription)).toEqual([
      'Pad 10',
      'Pad 3',
      'Pad 2',
    ]);
  });

  it("refuses a route order naming another property's location, changing nothing", async () => {
    const own = await buildLocation(t.deps.db, w.siteA1.id);
    const other = await buildLocation(t.deps.db, w.siteA2.id);
    const res = await t.call({
      method: 'PUT',
      url: '/api/Meters/ReadRouteOrder',
      token: w.tokens.admin,
      payload: { siteID: w.siteA1.id, locationIDs: [own.id, other.id] },
    });
    expect(res.status).toBe(400);
    expect((await route(w.siteA2.id, w.tokens.managerA1)).status).toBe(403);
  });
});
