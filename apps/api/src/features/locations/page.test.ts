import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  ActiveInd,
  LOCATION_SORTS,
  PAGE_SIZE_OPTIONS,
  STATUS_FILTERS,
  type LocationRow,
  type LocationSort,
  type LocationsPage,
  type PageSizeOption,
  type StatusFilter,
} from '@portal/contract';
import { guests, locations, servicePoints, stays } from '../../db/schema';
import { recordReadings } from '../meters';
import { buildLocation, buildMeter, buildSite } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildPropertyWorld, type PropertyWorld } from '../../test/property-world';

let t: TestApp;
let tokens: PropertyWorld['tokens'];
const ids = { business: 0, siteA1: 0, siteA2: 0, siteB: 0, locB: 0 };
/** Location ids of site A1 by description. */
const loc: Record<string, number> = {};

type Query = {
  siteID: number;
  search?: string;
  status?: StatusFilter;
  sort?: LocationSort;
  dir?: 'asc' | 'desc';
  pageIndex?: number;
  pageSize?: PageSizeOption;
  locationID?: number;
};

const page = (token: string, query: Query) =>
  t.call<LocationsPage>({
    method: 'GET',
    url: `/api/Locations/GetLocationsPage?${new URLSearchParams(
      Object.entries(query).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)] as [string, string]])),
    )}`,
    token,
  });

const descriptionsOf = (p: LocationsPage) => p.rows.map((r) => r.locationDescription);

beforeAll(async () => {
  t = await createTestApp();
  const db = t.deps.db;
  const w = await buildPropertyWorld(t);
  tokens = w.tokens;
  const { busA, siteA1, siteA2, siteB1 } = w;
  const locB = await buildLocation(db, siteB1.id, { description: 'Slip 1' });
  Object.assign(ids, { business: busA.id, siteA1: siteA1.id, siteA2: siteA2.id, siteB: siteB1.id, locB: locB.id });

  // Site A1: natural order is, B-1, b-3 (case aside), Dock 007.
  for (const [description, over] of [
    ['A-10', { accountNumber: 'ACC-77', locationTypeId: 2 }],
    ['A-2', { isCheckedIn: true }],
    ['b-3', {}],
    ['A-1', { deleted: true }],
    ['B-1', {}],
    ['Dock 007', {}],
  ] as const) {
    loc[description] = (await buildLocation(db, siteA1.id, { description, ...over })).id;
  }
  // a guest; A-10: a smart electric meter and a water meter; B-1: a missing meter out of service;
  // b-3: a cube excluded from monitoring; Dock 007 and A-1: no meter.
  const [guest] = await db
    .insert(guests)
    .values({ busEntityId: busA.id, mobileNumber: '(555) 010-0101', firstName: 'Ada', lastName: 'Lovelace' })
    .returning();
  await db.insert(stays).values({
    locationId: loc['A-2']!,
    siteId: siteA1.id,
    guestId: guest!.id,
    checkinAt: new Date(Date.now() - 3_600_000),
  });
  await buildMeter(db, { locationId: loc['A-2'], slot: 1, name: 'E200001', deviceTypeId: 1 });
  const smart = await buildMeter(db, { locationId: loc['A-10'], slot: 1, name: 'E100002', deviceTypeId: 6 });
  await buildMeter(db, { locationId: loc['A-10'], slot: 2, name: 'W100003', deviceTypeId: 7 });
  await buildMeter(db, {
    locationId: loc['B-1'],
    slot: 1,
    name: 'E300004',
    isMissingDevice: true,
    activeInd: ActiveInd.OutOfService,
  });
  await buildMeter(db, {
    locationId: loc['b-3'],
    slot: 1,
    name: 'C400005',
    deviceTypeId: 2,
    excludeFromMonitoring: true,
  });
  // A-10 is vacant and used 3 kWh today (Denver): vacant with usage.
  t.clock.set(new Date('2026-11-18T20:00:00Z'));
  await recordReadings(db, [
    { servicePointId: smart.id, readAt: new Date('2026-11-17T20:00:00Z'), total: '100', isReset: false },
    { servicePointId: smart.id, readAt: new Date('2026-11-18T19:00:00Z'), total: '103.5', isReset: false },
  ]);
});
afterAll(() => t.close());

describe('a page of the locations table', () => {
  it('sorts by description in natural order, both ways, with the counts the table shows', async () => {
    const res = await page(tokens.managerA1, { siteID: ids.siteA1 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const p = res.body.result;
    expect(descriptionsOf(p)).toEqual(['A-1', 'A-2', 'A-10', 'B-1', 'b-3', 'Dock 007']);
    expect(p).toMatchObject({
      pageIndex: 0,
      total: 6,
      propertyTotal: 6,
      statusCounts: { checkedIn: 1, vacant: 4, vacantWithUsage: 1, missing: 1, outOfService: 1, excluded: 1 },
      // A-1 is deleted: it takes no part in a selection
      selectable: { all: 5, allMeters: 3, electric: 3, water: 1, cubes: 1, dataCollectors: 0 },
    });
    const a10 = p.rows.find((r) => r.locationDescription === 'A-10')!;
    expect(a10.servicePoints.map((sp) => sp.servicePointName)).toEqual(['E100002', 'W100003']);
    expect(a10.servicePoints[0]!.usage).toMatchObject({ dayUsage: 3 });
    expect(p.rows.find((r) => r.locationDescription === 'A-2')!.guestName).toBe('Ada Lovelace');

    const desc = await page(tokens.managerA1, { siteID: ids.siteA1, dir: 'desc' });
    expect(descriptionsOf(desc.body.result)).toEqual(['Dock 007', 'b-3', 'B-1', 'A-10', 'A-2', 'A-1']);
  });

  it.each([
    ['meters', 'asc', ['A-1', 'Dock 007', 'b-3', 'A-10', 'A-2', 'B-1']],
    ['checkInOut', 'desc', ['A-2', 'A-1', 'A-10', 'B-1', 'b-3', 'Dock 007']],
    ['health', 'asc', ['B-1', 'A-2', 'A-10', 'b-3', 'A-1', 'Dock 007']],
  ] as const)('sorts by %s (%s), ties in description order', async (sort, dir, expected) => {
    const res = await page(tokens.admin, { siteID: ids.siteA1, sort, dir });
    expect(descriptionsOf(res.body.result)).toEqual(expected);
  });

  it.each([
    ['a description', 'dock', ['Dock 007']],
    ['a public name, any case', 'loc', ['A-1', 'A-2', 'A-10', 'B-1', 'b-3', 'Dock 007']],
    ['an account number', 'acc-77', ['A-10']],
    ['a guest', 'lovelace', ['A-2']],
    ['a location type', 'boat slip', ['A-10']],
    ['a meter', 'w100003', ['A-10']],
    ['a device type', 'smart electric', ['A-10']],
    ['nothing', 'zebra', []],
  ])('searches %s', async (_what, search, expected) => {
    const res = await page(tokens.admin, { siteID: ids.siteA1, search: `  ${search} ` });
    expect(descriptionsOf(res.body.result)).toEqual(expected);
    expect(res.body.result.total).toBe(expected.length);
    expect(res.body.result.propertyTotal).toBe(6);
  });

  it.each([
    ['checkedIn', ['A-2']],
    ['vacant', ['A-10', 'B-1', 'b-3', 'Dock 007']],
    ['vacantWithUsage', ['A-10']],
    ['missing', ['B-1']],
    ['outOfService', ['B-1']],
    ['excluded', ['b-3']],
  ] as const)('filters by status %s, the counts staying those of the property', async (status, expected) => {
    const res = await page(tokens.admin, { siteID: ids.siteA1, status });
    expect(descriptionsOf(res.body.result)).toEqual(expected);
    expect(res.body.result.total).toBe(expected.length);
    expect(res.body.result.statusCounts.checkedIn).toBe(1);
  });

  it('pages, stays on the last page when asked beyond it, and shows every row with All', async () => {
    const first = await page(tokens.admin, { siteID: ids.siteA1, pageSize: '10', pageIndex: 0 });
    expect(first.body.result.rows).toHaveLength(6);
    const sizes = await Promise.all(
      [0, 1, 2].map((pageIndex) => page(tokens.admin, { siteID: ids.siteA1, search: '-', pageSize: '10', pageIndex })),
    );
    expect(sizes.map((r) => r.body.result.pageIndex)).toEqual([0, 0, 0]);
    const all = await page(tokens.admin, { siteID: ids.siteA1, pageSize: 'all', pageIndex: 3 });
    expect(all.body.result.pageIndex).toBe(0);
    expect(descriptionsOf(all.body.result)).toHaveLength(6);
    const none = await page(tokens.admin, { siteID: ids.siteA1, search: 'zebra', pageIndex: 4 });
    expect(none.body.result).toMatchObject({ pageIndex: 0, rows: [], total: 0, propertyTotal: 6 });
  });

  it('answers the page that holds a location, when the search and status match it', async () => {
    const many = await buildSite(t.deps.db, ids.business);
    const made = await t.deps.db
      .insert(locations)
      .values(
        Array.from({ length: 60 }, (_, n) => ({
          siteId: many.id,
          description: `Pad ${n + 1}`,
          publicName: `PAD${many.id}-${n + 1}`,
        })),
      )
      .returning({ id: locations.id, description: locations.description });
    const pad = (n: number) => made.find((m) => m.description === `Pad ${n}`)!.id;
    const found = await page(tokens.ownerA, { siteID: many.id, pageSize: '25', locationID: pad(55) });
    expect(found.body.result.pageIndex).toBe(2);
    expect(descriptionsOf(found.body.result)[4]).toBe('Pad 55');
    const desc = await page(tokens.ownerA, { siteID: many.id, dir: 'desc', pageSize: '10', locationID: pad(55) });
    expect(desc.body.result.pageIndex).toBe(0);
    // not among the rows the search leaves: the page asked for
    const missed = await page(tokens.ownerA, { siteID: many.id, search: 'Pad 1', pageIndex: 0, locationID: pad(55) });
    expect(missed.body.result.pageIndex).toBe(0);
    expect(descriptionsOf(missed.body.result)).not.toContain('Pad 55');
  });

  it('refuses a location to find outside the caller’s scope, and input out of range', async () => {
    expect((await page(tokens.ownerA, { siteID: ids.siteA1, locationID: ids.locB })).status).toBe(403);
    const bad = (query: Record<string, string>) =>
      t.call({
        method: 'GET',
        url: `/api/Locations/GetLocationsPage?${new URLSearchParams({ siteID: String(ids.siteA1), ...query })}`,
        token: tokens.admin,
      });
    expect((await bad({ pageSize: '30' })).status).toBe(400);
    expect((await bad({ sort: 'guest' })).status).toBe(400);
    expect((await bad({ status: 'asleep' })).status).toBe(400);
    expect((await bad({ pageIndex: '-1' })).status).toBe(400);
  });
});

// ---------------------------------------------------------------- the pages against the browser's former work

/**
 * What the browser did with the whole table before the server paged it (features/locations
 * rows.ts and table/columns.ts of the web app, as they were): the reference the pages must add up to.
 */
const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
const naturalCompare = (a: string, b: string) => collator.compare(a, b);

function hasStatus(row: LocationRow, status: StatusFilter): boolean {
  const vacant = !row.deleted && !row.isCheckedInState;
  switch (status) {
    case 'checkedIn':
      return row.isCheckedInState;
    case 'vacant':
      return vacant;
    case 'vacantWithUsage':
      return vacant && row.servicePoints.some((sp) => (sp.usage?.dayUsage ?? 0) > 0);
    case 'missing':
      return row.servicePoints.some((sp) => sp.isMissingDevice);
    case 'outOfService':
      return row.servicePoints.some((sp) => sp.activeInd !== ActiveInd.Available);
    case 'excluded':
      return row.servicePoints.some((sp) => sp.excludeFromMonitoring);
  }
}

const searchText = (row: LocationRow) =>
  [
    row.locationDescription,
    row.locationPublicName,
    row.accountNumber ?? '',
    row.guestName ?? '',
    row.locationTypeName ?? '',
    ...row.servicePoints.map((sp) => `${sp.servicePointName} ${sp.deviceTypeDisplayName}`),
  ]
    .join(' ')
    .toLowerCase();

const healthRank = (row: LocationRow) =>
  row.servicePoints.some((sp) => sp.isMissingDevice) ? 0 : row.servicePoints.length === 0 ? 2 : 1;

const sortValue: Record<LocationSort, (row: LocationRow) => string | number> = {
  description: (r) => r.locationDescription,
  meters: (r) => r.servicePoints.map((sp) => sp.servicePointName).join(' '),
  checkInOut: (r) => (r.isCheckedInState ? 1 : 0),
  health: healthRank,
};

function reference(
  all: LocationRow[],
  q: Required<Pick<Query, 'search' | 'sort' | 'dir'>> & { status?: StatusFilter },
) {
  const search = q.search.trim().toLowerCase();
  const compare = (a: string | number, b: string | number) =>
    typeof a === 'string' ? naturalCompare(a, b as string) : a - (b as number);
  return all
    .filter((r) => (!q.status || hasStatus(r, q.status)) && searchText(r).includes(search))
    .sort((a, b) => {
      const by = compare(sortValue[q.sort](a), sortValue[q.sort](b)) * (q.dir === 'desc' ? -1 : 1);
      return by || naturalCompare(a.locationDescription, b.locationDescription) || a.locationID - b.locationID;
    })
    .map((r) => r.locationID);
}

const word = fc.constantFrom('A', 'b', 'Slip', 'dock', 'Pad', ' ', '-', '1', '2', '9', '10', '007', '0', '12', '99');
const description = fc
  .array(word, { minLength: 1, maxLength: 5 })
  .map((w) => w.join('').trim())
  .filter((d) => d.length > 0);
const meter = fc.record({
  deviceTypeId: fc.constantFrom(1, 2, 3, 6, 7),
  isMissingDevice: fc.boolean(),
  activeInd: fc.constantFrom(0, 1, 1, 2),
  excludeFromMonitoring: fc.boolean(),
});
const property = fc.uniqueArray(
  fc.record({
    description,
    isCheckedIn: fc.boolean(),
    deleted: fc.boolean(),
    accountNumber: fc.option(fc.constantFrom('AC-1', 'ac-10', 'Slip'), { nil: null }),
    meters: fc.array(meter, { maxLength: 2 }),
  }),
  { maxLength: 24, selector: (l) => l.description.replace(/\s+/g, '').toLowerCase() },
);
const query = fc.record({
  search: fc.constantFrom('', '', 'a', '1', 'slip', '-1', 'smart', 'e0', 'ac-1', ' 2'),
  status: fc.option(fc.constantFrom(...STATUS_FILTERS), { nil: undefined }),
  sort: fc.constantFrom(...LOCATION_SORTS),
  dir: fc.constantFrom('asc' as const, 'desc' as const),
  pageSize: fc.constantFrom<PageSizeOption>('10', 'all', '25'),
});

let meterSerial = 0;

describe('the pages, put together', () => {
  it('are the rows the browser would have searched, filtered and sorted from the whole table', async () => {
    expect(PAGE_SIZE_OPTIONS).toContain('all');
    await fc.assert(
      fc.asyncProperty(property, fc.array(query, { minLength: 1, maxLength: 4 }), async (locs, queries) => {
        const db = t.deps.db;
        const site = await buildSite(db, ids.business);
        for (const l of locs) {
          const { meters, ...fields } = l;
          const made = await buildLocation(db, site.id, fields);
          for (const [i, m] of meters.entries()) {
            const name = `Z${String(++meterSerial).padStart(6, '0')}`;
            await db
              .insert(servicePoints)
              .values({ ...m, name, deviceKey: `pbt-${name}`, locationId: made.id, slot: i + 1 });
          }
        }
        const whole = await t.call<LocationRow[]>({
          method: 'GET',
          url: `/api/GetAllLocationsWithMetersBySiteID?siteID=${site.id}`,
          token: tokens.ownerA,
        });
        for (const q of queries) {
          const got: number[] = [];
          for (let pageIndex = 0; ; pageIndex++) {
            const res = await page(tokens.ownerA, { siteID: site.id, ...q, pageIndex });
            expect(res.status).toBe(200);
            const p = res.body.result;
            if (p.pageIndex < pageIndex) break;
            got.push(...p.rows.map((r) => r.locationID));
            if (q.pageSize === 'all' || p.rows.length < Number(q.pageSize)) break;
          }
          const expected = reference(whole.body.result, q);
          expect(got, JSON.stringify(q)).toEqual(expected);
        }
      }),
      { numRuns: 25 },
    );
  }, 120_000);
});
