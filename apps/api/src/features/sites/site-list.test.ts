import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IdValue, SiteIntegration, SitePartner, SiteWithStats } from '@portal/contract';
import { siteIntegrations } from '../../db/schema';
import { buildLocation, buildMeter } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildPropertyWorld, type Caller, type PropertyWorld } from '../../test/property-world';

let t: TestApp;
let w: PropertyWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await buildPropertyWorld(t);
  const db = t.deps.db;
  const a1 = w.siteA1.id;
  // A1: checked in | out of service and missing | two meters, one unavailable, both missing | deleted | no meter
  const inUse = await buildLocation(db, a1, { isCheckedIn: true });
  await buildMeter(db, { locationId: inUse.id, slot: 1 });
  const outOfService = await buildLocation(db, a1);
  await buildMeter(db, { locationId: outOfService.id, slot: 1, activeInd: 0, isMissingDevice: true });
  const twoMeters = await buildLocation(db, a1);
  await buildMeter(db, { locationId: twoMeters.id, slot: 1, activeInd: 2, isMissingDevice: true });
  await buildMeter(db, { locationId: twoMeters.id, slot: 2, isMissingDevice: true, deviceTypeId: 7 });
  const deleted = await buildLocation(db, a1, { deleted: true });
  await buildMeter(db, { locationId: deleted.id, slot: 1, activeInd: 0, isMissingDevice: true });
  await buildLocation(db, a1);
  await buildLocation(db, w.siteB1.id, { isCheckedIn: true });
  await db.insert(siteIntegrations).values([
    { siteId: a1, partnerId: 1, partnerPropertyKey: 'CampspotAlderCoveMarinaUt' },
    { siteId: a1, partnerId: 3, partnerPropertyKey: 'DockwaAlderCoveMarinaUt' },
  ]);
});
afterAll(() => t.close());

const get = <T>(url: string, caller: Caller) => t.call<T>({ method: 'GET', url, token: w.tokens[caller] });
const names = (sites: Array<{ sitePublicName?: string; value?: string }>) =>
  sites.map((s) => s.sitePublicName ?? s.value);

describe('GET /api/site/GetSitesWithLocationStatesBasedOnUserRole', () => {
  const url = '/api/site/GetSitesWithLocationStatesBasedOnUserRole';

  it('counts the locations of each property', async () => {
    const res = await get<SiteWithStats[]>(url, 'admin');
    expect(res.status).toBe(200);
    const counts = (id: number) => {
      const site = res.body.result.find((s) => s.siteID === id)!;
      return [
        site.totalLocations,
        site.activeLocations,
        site.inUseLocations,
        site.outOfServiceLocations,
        site.missingDevices,
      ];
    };
    expect(counts(w.siteA1.id)).toEqual([5, 4, 1, 2, 3]);
    expect(counts(w.siteA2.id)).toEqual([0, 0, 0, 0, 0]);
    expect(counts(w.siteB1.id)).toEqual([1, 1, 1, 0, 0]);
  });

  it('answers every field of the property under the specification names', async () => {
    const res = await get<SiteWithStats[]>(url, 'managerA1');
    expect(res.body.result).toEqual([
      {
        siteID: w.siteA1.id,
        sitePublicName: 'Alder Cove Marina',
        siteBillingName: null,
        physicalAddrLine1: w.siteA1.physicalAddrLine1,
        physicalAddrLine2: null,
        physicalCity: 'Moab',
        physicalZip: '84532',
        fk_PhysicalStateID: 45,
        fk_PhysicalStateName: 'Utah',
        fk_PhysicalCountryID: 236,
        billingAddrLine1: null,
        billingAddrLine2: null,
        billingCity: null,
        billingZip: null,
        fk_BillingCountryID: null,
        fk_BillingStateID: null,
        fk_BillingStateName: null,
        timeZone: 'America/Denver',
        defaultCheckoutTime: '11:00',
        excludeFromMonitoring: false,
        inCheckOutState: false,
        fk_BusEntityID: w.busA.id,
        busEntityName: w.busA.legalName,
        partnerIDs: [1, 3],
        propertyKey: null,
        integrations: [
          { partnerID: 1, partnerName: 'Campspot', propertyKey: 'CampspotAlderCoveMarinaUt' },
          { partnerID: 3, partnerName: 'Dockwa', propertyKey: 'DockwaAlderCoveMarinaUt' },
        ],
        totalLocations: 5,
        activeLocations: 4,
        inUseLocations: 1,
        outOfServiceLocations: 2,
        missingDevices: 3,
        openAlerts: 0,
      },
    ]);
  });

  it.each([
    ['admin', ['Alder Cove Marina', 'Birch Hollow RV Park', 'Cedar Flats Campground'], 200],
    ['ownerA', ['Alder Cove Marina', 'Birch Hollow RV Park'], 403],
    ['ownerB', ['Cedar Flats Campground'], 403],
    ['managerA1', ['Alder Cove Marina'], 403],
  ] as const)(
    'lists what %s may see; another user named in userAccountID is refused unless by an Administrator',
    async (caller, expected, other) => {
      const res = await get<SiteWithStats[]>(`${url}?userAccountID=${w.users[caller].id}`, caller);
      expect(names(res.body.result)).toEqual(expected);
      expect(
        (await get(`${url}?userAccountID=${w.users.ownerB.id}`, caller === 'ownerB' ? 'ownerA' : caller)).status,
      ).toBe(other);
    },
  );

  it('refuses an account without a role, and a caller without a token', async () => {
    expect((await get(url, 'none')).status).toBe(403);
    expect((await t.call({ method: 'GET', url })).status).toBe(401);
  });
});

describe('GET /api/Site/GetSitesWithLocationStatsByBusEntityID', () => {
  const url = (busEntityId: number) => `/api/Site/GetSitesWithLocationStatsByBusEntityID?BusEntityID=${busEntityId}`;

  it.each([
    ['admin', 'A', 200, ['Alder Cove Marina', 'Birch Hollow RV Park']],
    ['admin', 'B', 200, ['Cedar Flats Campground']],
    ['ownerA', 'A', 200, ['Alder Cove Marina', 'Birch Hollow RV Park']],
    ['ownerA', 'B', 403, null],
    ['managerA1', 'A', 403, null],
    ['none', 'A', 403, null],
  ] as const)('%s asking for business %s -> %i', async (caller, business, status, expected) => {
    const res = await get<SiteWithStats[]>(url(business === 'A' ? w.busA.id : w.busB.id), caller);
    expect(res.status).toBe(status);
    if (expected) expect(names(res.body.result)).toEqual(expected);
  });

  it('answers 404 to an Administrator for a business that does not exist', async () => {
    expect((await get(url(999_999), 'admin')).status).toBe(404);
  });
});

describe('property lookups', () => {
  it.each([
    ['admin', 'B', 200, ['Cedar Flats Campground']],
    ['ownerA', 'A', 200, ['Alder Cove Marina', 'Birch Hollow RV Park']],
    ['ownerA', 'B', 403, null],
    ['managerA1', 'A', 200, ['Alder Cove Marina']],
    ['managerA1', 'B', 403, null],
    ['none', 'A', 403, null],
  ] as const)('GetSitesLookupByBusEntityID: %s, business %s -> %i', async (caller, business, status, expected) => {
    const res = await get<IdValue[]>(
      `/api/GetSitesLookupByBusEntityID?busEntityID=${business === 'A' ? w.busA.id : w.busB.id}`,
      caller,
    );
    expect(res.status).toBe(status);
    if (expected) expect(names(res.body.result)).toEqual(expected);
  });

  it('GetAllSitesLookupByUserAccountID answers a Site Owner the properties of their business, and only for themself', async () => {
    const own = await get<IdValue[]>(
      `/api/GetAllSitesLookupByUserAccountID?userAccountID=${w.users.ownerA.id}`,
      'ownerA',
    );
    expect(own.body.result).toEqual([
      { id: w.siteA1.id, value: 'Alder Cove Marina' },
      { id: w.siteA2.id, value: 'Birch Hollow RV Park' },
    ]);
    expect(
      (await get(`/api/GetAllSitesLookupByUserAccountID?userAccountID=${w.users.ownerB.id}`, 'ownerA')).status,
    ).toBe(403);
    expect(
      (await get(`/api/GetAllSitesLookupByUserAccountID?userAccountID=${w.users.managerA1.id}`, 'managerA1')).status,
    ).toBe(403);
  });

  it("GetAllSitesLookupByUserAccountID answers an Administrator the properties of the named user's business", async () => {
    const ofOwnerB = await get<IdValue[]>(
      `/api/GetAllSitesLookupByUserAccountID?userAccountID=${w.users.ownerB.id}`,
      'admin',
    );
    expect(names(ofOwnerB.body.result)).toEqual(['Cedar Flats Campground']);
    const ofAdmin = await get<IdValue[]>(
      `/api/GetAllSitesLookupByUserAccountID?userAccountID=${w.users.admin.id}`,
      'admin',
    );
    expect(ofAdmin.body.result).toEqual([]);
    expect((await get(`/api/GetAllSitesLookupByUserAccountID?userAccountID=999999`, 'admin')).status).toBe(404);
  });
});

describe('partners and integrations', () => {
  it('marks the partners a property already has', async () => {
    const res = await get<SitePartner[]>(`/api/GetSitePartners?siteID=${w.siteA1.id}`, 'ownerA');
    expect(res.body.result).toEqual([
      { partnerID: 1, partnerName: 'Campspot', used: true },
      { partnerID: 3, partnerName: 'Dockwa', used: true },
      { partnerID: 2, partnerName: 'Newbook', used: false },
      { partnerID: 4, partnerName: 'RMS Cloud', used: false },
    ]);
  });

  it('offers every partner to a property not saved yet', async () => {
    const res = await get<SitePartner[]>('/api/GetSitePartners?siteID=0', 'ownerB');
    expect(res.body.result.every((p) => !p.used)).toBe(true);
  });

  it("answers a property's integrations in scope and refuses them out of scope", async () => {
    const res = await get<SiteIntegration[]>(`/api/GetAllIntegrations?siteID=${w.siteA1.id}`, 'managerA1');
    expect(res.body.result.map((i) => i.propertyKey)).toEqual(['CampspotAlderCoveMarinaUt', 'DockwaAlderCoveMarinaUt']);
    expect((await get(`/api/GetAllIntegrations?siteID=${w.siteA1.id}`, 'ownerB')).status).toBe(403);
    expect((await get(`/api/GetSitePartners?siteID=${w.siteA2.id}`, 'managerA1')).status).toBe(403);
    expect((await get(`/api/GetAllIntegrations?siteID=${w.siteB1.id}`, 'none')).status).toBe(403);
  });
});
