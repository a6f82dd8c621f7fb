import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { type LocationSelection, type LocationsPage } from '@portal/contract';
import { locations, servicePointCapabilities, servicePoints } from '../../db/schema';
import { buildLocation, buildMeter } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildPropertyWorld, type PropertyWorld } from '../../test/property-world';

/**
 * The toolbar's bulk actions on a selection the server resolves: 'Select All m' across pages
 * (every location the search and status match, but the unticked ones) and ticked rows, for
 * On, Off, Monitoring and Move Location; never a location of another property.
 */
let t: TestApp;
let tokens: PropertyWorld['tokens'];
const ids = { siteA: 0, siteA2: 0, siteB: 0 };
/** Pad n of site A: its id and its meters' device keys (electric on slot 1, water on slot 2 for even n). */
const pads = new Map<number, { id: number; electric: string; water: string | null }>();
let otherPropertyLocation = 0;
let otherTenantLocation = 0;

let serial = 0;
async function metered(locationId: number, deviceTypeId: number, slot: number, switchable = true) {
  const name = `S${String(++serial).padStart(6, '0')}`;
  const meter = await buildMeter(t.deps.db, { name, deviceKey: `sel-${name}`, deviceTypeId, locationId, slot });
  if (switchable)
    await t.deps.db.insert(servicePointCapabilities).values({ servicePointId: meter.id, capabilityId: 1 });
  return meter;
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.deps.db;
  const w = await buildPropertyWorld(t);
  tokens = w.tokens;
  const { siteA1: siteA, siteA2, siteB1: siteB } = w;
  Object.assign(ids, { siteA: siteA.id, siteA2: siteA2.id, siteB: siteB.id });
  // 60 pads: more than two pages of 25; Pad 3 is deleted, Pad 4 checked in, Pad 5 has a meter without relay
  for (let n = 1; n <= 60; n++) {
    const loc = await buildLocation(db, siteA.id, {
      description: `Pad ${n}`,
      deleted: n === 3,
      isCheckedIn: n === 4,
    });
    const electric = await metered(loc.id, 6, 1, n !== 5);
    const water = n % 2 === 0 ? await metered(loc.id, 7, 2) : null;
    pads.set(n, { id: loc.id, electric: electric.deviceKey, water: water?.deviceKey ?? null });
  }
  otherPropertyLocation = (await buildLocation(db, siteA2.id, { description: 'Pad 1' })).id;
  await metered(otherPropertyLocation, 6, 1);
  otherTenantLocation = (await buildLocation(db, siteB.id, { description: 'Pad 1' })).id;
  await metered(otherTenantLocation, 6, 1);
});
afterAll(() => t.close());

let sentBefore = 0;
beforeEach(() => {
  sentBefore = t.gateway.sent.length;
});
/** The device keys commanded since the test began, with the state asked. */
const commanded = () => t.gateway.sent.slice(sentBefore).map((c) => `${c.deviceKey}:${c.requestedState}`);
const keysOf = (numbers: number[], kind: 'electric' | 'water' = 'electric') =>
  numbers.map((n) => pads.get(n)![kind]).filter((k): k is string => k !== null);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

const put = (path: string, token: string, payload: object) =>
  t.call<unknown>({ method: 'PUT', url: `/api/Locations/${path}`, token, payload });
const selectionOf = (s: Partial<LocationSelection>): LocationSelection => ({ siteID: ids.siteA, ...s });

describe('switching a selection on or off', () => {
  it("'Select All m' takes every matching location across pages but the unticked ones, live ones only", async () => {
    // 'Pad 1' matches Pad 1 and Pad 10 to 19: 11 locations on the first page of 25
    const selection = selectionOf({ all: true, search: 'pad 1', exceptIDs: [pads.get(12)!.id] });
    const res = await put('SwitchSelection', tokens.admin, { selection, requestedState: 0 });
    expect(res.status).toBe(200);
    const expected = [1, 10, 11, 13, 14, 15, 16, 17, 18, 19];
    expect(commanded().sort()).toEqual([...keysOf(expected), ...keysOf(expected, 'water')].map((k) => `${k}:0`).sort());
    expect(res.body.result).toHaveLength(commanded().length);
  });

  it('reaches rows beyond the page on screen, and addresses the meters of the chosen type only', async () => {
    const selection = selectionOf({ all: true, type: 'water', exceptIDs: [pads.get(60)!.id] });
    const res = await put('SwitchSelection', tokens.admin, { selection, requestedState: 1 });
    expect(res.status).toBe(200);
    // every even pad has a water meter, but the unticked Pad 60
    const expected = range(1, 59).filter((n) => n % 2 === 0);
    expect(commanded().sort()).toEqual(
      keysOf(expected, 'water')
        .map((k) => `${k}:1`)
        .sort(),
    );
  });

  it('takes the status filter: vacant leaves the checked-in Pad 4 and the deleted Pad 3 out', async () => {
    const selection = selectionOf({ all: true, status: 'vacant', type: 'electric', search: 'pad 4' });
    await put('SwitchSelection', tokens.admin, { selection, requestedState: 0 });
    // Pad 40 to 49 are vacant; Pad 4 is checked in
    expect(commanded().sort()).toEqual(
      keysOf(range(40, 49))
        .map((k) => `${k}:0`)
        .sort(),
    );
  });

  it('switches the ticked rows of several pages, skipping a deleted one, a meter without relay and other properties', async () => {
    const ticked = [2, 3, 5, 33, 58].map((n) => pads.get(n)!.id);
    const selection = selectionOf({ locationIDs: [...ticked, otherPropertyLocation] });
    const res = await put('SwitchSelection', tokens.admin, { selection, requestedState: 0 });
    expect(res.status).toBe(200);
    expect(commanded().sort()).toEqual(
      [...keysOf([2, 33, 58]), ...keysOf([2, 58], 'water')].map((k) => `${k}:0`).sort(),
    );
  });

  it('answers no command when the selection has no meter of the type', async () => {
    const res = await put('SwitchSelection', tokens.admin, {
      selection: selectionOf({ all: true, type: 'cubes' }),
      requestedState: 1,
    });
    expect(res.status).toBe(200);
    expect(res.body.result).toEqual([]);
    expect(commanded()).toEqual([]);
  });

  it.each([
    ['a Site Owner', () => tokens.ownerA, () => selectionOf({ all: true }), 403],
    ['a Site Manager of the property', () => tokens.managerA1, () => selectionOf({ all: true }), 403],
    ['a property that does not exist', () => tokens.admin, () => selectionOf({ siteID: 999_999, all: true }), 404],
  ])('refuses %s and sends nothing', async (_who, token, selection, status) => {
    const res = await put('SwitchSelection', token(), { selection: selection(), requestedState: 0 });
    expect(res.status).toBe(status);
    expect(commanded()).toEqual([]);
  });

  it('never reaches another property, of the business or of another tenant, named beside this one', async () => {
    const selection = selectionOf({ locationIDs: [otherPropertyLocation, otherTenantLocation] });
    const res = await put('SwitchSelection', tokens.admin, { selection, requestedState: 1 });
    expect(res.status).toBe(200);
    expect(res.body.result).toEqual([]);
    const theirs = { siteID: ids.siteA2, all: true, search: 'pad 1', locationIDs: [pads.get(1)!.id] };
    await put('SwitchSelection', tokens.admin, { selection: theirs, requestedState: 1 });
    // site A2's own Pad 1 only
    expect(commanded()).toHaveLength(1);
    expect(commanded()[0]).not.toContain(pads.get(1)!.electric);
  });
});

describe('monitoring a selection', () => {
  it('excludes the meters of the type at every matching location but the unticked, in one call', async () => {
    const selection = selectionOf({ all: true, type: 'electric', search: 'pad 2', exceptIDs: [pads.get(21)!.id] });
    const res = await put('SetSelectionMonitoring', tokens.admin, { selection, ExcludeFromMonitoring: true });
    expect(res.status).toBe(200);
    const page = await t.call<LocationsPage>({
      method: 'GET',
      url: `/api/Locations/GetLocationsPage?siteID=${ids.siteA}&status=excluded&pageSize=all`,
      token: tokens.admin,
    });
    expect(page.body.result.rows.map((r) => r.locationDescription)).toEqual(
      [2, 20, 22, 23, 24, 25, 26, 27, 28, 29].map((n) => `Pad ${n}`),
    );
    const water = await t.deps.db
      .select()
      .from(servicePoints)
      .where(inArray(servicePoints.locationId, [pads.get(2)!.id, pads.get(20)!.id]));
    expect(water.filter((m) => m.deviceTypeId === 7).map((m) => m.excludeFromMonitoring)).toEqual([false, false]);
  });
});

describe('moving a selection', () => {
  it('refuses it all when a selected location is checked in, then moves every matching one but the unticked', async () => {
    const refused = await put('MoveSelection', tokens.admin, {
      selection: selectionOf({ all: true, search: 'pad 4' }),
      SiteId: ids.siteA2,
    });
    expect(refused.status).toBe(409);
    const where = async (n: number) =>
      (
        await t.deps.db
          .select()
          .from(locations)
          .where(eq(locations.id, pads.get(n)!.id))
      )[0]!.siteId;
    expect(await where(40)).toBe(ids.siteA);

    const res = await put('MoveSelection', tokens.admin, {
      selection: selectionOf({ all: true, search: 'pad 5', exceptIDs: [pads.get(4)!.id, pads.get(55)!.id] }),
      SiteId: ids.siteA2,
    });
    expect(res.status).toBe(200);
    // Pad 5 and Pad 50 to 59 but Pad 55; their meters are switched off on arrival
    const moved = [5, 50, 51, 52, 53, 54, 56, 57, 58, 59];
    for (const n of moved) expect(await where(n)).toBe(ids.siteA2);
    expect(await where(55)).toBe(ids.siteA);
    expect(await where(1)).toBe(ids.siteA);
  });

  it('refuses the same property, and a selection with nothing in it', async () => {
    const same = await put('MoveSelection', tokens.admin, {
      selection: selectionOf({ locationIDs: [pads.get(1)!.id] }),
      SiteId: ids.siteA,
    });
    expect(same.status).toBe(400);
    const none = await put('MoveSelection', tokens.admin, {
      selection: selectionOf({ all: true, search: 'zebra' }),
      SiteId: ids.siteA2,
    });
    expect(none.status).toBe(400);
  });

  it('is for Administrators only', async () => {
    const res = await put('MoveSelection', tokens.ownerA, {
      selection: selectionOf({ locationIDs: [pads.get(1)!.id] }),
      SiteId: ids.siteA2,
    });
    expect(res.status).toBe(403);
  });
});
