import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { SiteSetting, SiteWithStats } from '@portal/contract';
import { auditLog, sites } from '../../db/schema';
import { propertyForm } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildPropertyWorld, type Caller, type PropertyWorld } from '../../test/property-world';

let t: TestApp;
let w: PropertyWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await buildPropertyWorld(t);
});
afterAll(() => t.close());

type Errors = { errors: Array<{ field: string; message: string }> };

/** A complete form for business A, in Utah: its name as typed, a zip with the mask's trailing hyphen, a partner. */
const form = (over: Record<string, unknown> = {}) =>
  propertyForm(w.busA.id, {
    sitePublicName: 'pine lake rv resort',
    siteBillingName: 'Pine Lake LLC',
    physicalZip: '84532-',
    integrations: [{ partnerID: 1 }],
    ...over,
  });

/** Add Property or Edit Property, sent as one of the world's callers. */
const saving = (method: 'POST' | 'PUT', url: string) => (caller: Caller, body: object) =>
  t.call<SiteWithStats & Errors>({ method, url, payload: body, token: w.tokens[caller] });
const create = saving('POST', '/api/Site/CreateSite');
const update = saving('PUT', '/api/Site/UpdateSite');
const auditOf = (siteId: number, action: string) =>
  t.deps.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, String(siteId)), eq(auditLog.action, action)));

describe('POST /api/Site/CreateSite', () => {
  it('creates the property, its settings and integrations, and logs it', async () => {
    const res = await create('admin', form());
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Property added successfully');
    const site = res.body.result;
    expect(site).toMatchObject({
      sitePublicName: 'pine lake rv resort',
      physicalZip: '84532',
      fk_PhysicalStateName: 'Utah',
      defaultCheckoutTime: '10:30',
      busEntityName: w.busA.legalName,
      partnerIDs: [1],
      integrations: [{ partnerID: 1, partnerName: 'Campspot', propertyKey: 'CampspotPineLakeRvResortUt' }],
      totalLocations: 0,
    });
    const settings = await t.call<SiteSetting>({
      method: 'GET',
      url: `/api/Site/GetSiteSetting?id=${site.siteID}`,
      token: w.tokens.admin,
    });
    expect(settings.body.result).toMatchObject({
      billingRate: 0.15,
      waterBillingRate: 0.02,
      dayStart: '08:00',
      dayEnd: '20:00',
      weekStart: 7,
      active: true,
    });
    const [entry] = await auditOf(site.siteID, 'createSite');
    expect(entry!.before).toBeNull();
    expect(entry!.after).toMatchObject({
      site: { publicName: 'pine lake rv resort' },
      integrations: [{ partnerId: 1, key: 'CampspotPineLakeRvResortUt' }],
    });
  });

  it('stores the default checkout time as the time of day at the property', async () => {
    const res = await create(
      'admin',
      form({ sitePublicName: 'Checkout Test', defaultCheckoutTime: '2024-07-01T11:15:00', integrations: [] }),
    );
    const [row] = await t.deps.db
      .select({ time: sites.defaultCheckoutTime })
      .from(sites)
      .where(eq(sites.id, res.body.result.siteID));
    expect(row!.time).toBe('11:15:00');
    expect(res.body.result.defaultCheckoutTime).toBe('11:15');
  });

  it('reads property names without regard to case', async () => {
    const body = Object.fromEntries(
      Object.entries(form({ sitePublicName: 'Upper Case Camp', integrations: [] })).map(([k, v]) => [
        k.toUpperCase(),
        v,
      ]),
    );
    const res = await create('ownerA', body);
    expect(res.status).toBe(200);
    expect(res.body.result.sitePublicName).toBe('Upper Case Camp');
  });

  it('accepts a Canadian postal code for country 40', async () => {
    const res = await create(
      'admin',
      form({
        sitePublicName: 'Muskoka',
        fk_PhysicalStateID: 109,
        fk_PhysicalCountryID: 40,
        physicalZip: 'P1L 1T7',
        integrations: [],
      }),
    );
    expect(res.status).toBe(200);
  });

  it.each([
    [{ sitePublicName: '' }, 'sitePublicName', 'Please provide Property Name'],
    [{ physicalAddrLine1: ' ' }, 'physicalAddrLine1', 'Required field'],
    [{ physicalCity: '' }, 'physicalCity', 'Required field'],
    [{ physicalZip: '8453' }, 'physicalZip', 'Invalid physical zip code entered.'],
    [{ physicalZip: 'P1L 1T7' }, 'physicalZip', 'Invalid physical zip code entered.'],
    [
      { fk_PhysicalCountryID: 40, fk_PhysicalStateID: 109, physicalZip: '84532' },
      'physicalZip',
      'Invalid physical zip code entered.',
    ],
    [{ timeZone: '' }, 'timeZone', 'Required field'],
    [{ dayStart: '08:05' }, 'dayStart', 'Please provide a valid start time.'],
    [{ dayEnd: '' }, 'dayEnd', 'Please provide a valid end time.'],
    [{ dayStart: '21:00' }, 'dayEnd', 'Day End cannot be before Day Start.'],
    [{ weekStart: 9 }, 'weekStart', 'Please select a valid week start day.'],
    [{ waterBillingRate: null }, 'waterBillingRate', 'Water (Gallons) Rate'],
    [{ billingRate: 1.234 }, 'billingRate', 'Invalid decimal.'],
    [{ billingRate: -1 }, 'billingRate', 'Invalid value.'],
    [
      { integrations: [{ partnerID: 2 }, { partnerID: 2 }] },
      'integrations.1.partnerID',
      'Each partner can be chosen once per property.',
    ],
    [{ siteID: 5 }, 'siteID', 'Field is not valid'],
    [{ fk_BusEntityID: 999_999 }, 'fk_BusEntityID', 'Please Select a Business Entity'],
    [{ timeZone: 'Mars/Olympus_Mons' }, 'timeZone', 'Field is not valid'],
    [{ fk_PhysicalStateID: 109 }, 'fk_PhysicalStateID', 'Field is not valid'],
    [{ fk_BillingStateID: 3 }, 'fk_BillingStateID', 'Field is not valid'],
    [{ fk_BillingCountryID: 999 }, 'fk_BillingCountryID', 'Field is not valid'],
    [{ integrations: [{ partnerID: 99 }] }, 'integrations.0.partnerID', 'Field is not valid'],
  ])('refuses %j: %s, %s', async (change, field, message) => {
    const res = await create('admin', form(change));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(res.body.result.errors).toContainEqual(expect.objectContaining({ field, message }));
  });

  it('names a bad zip beside the required fields left empty', async () => {
    const res = await create(
      'admin',
      form({ sitePublicName: '', physicalCity: '', fk_PhysicalStateID: null, physicalZip: '8453' }),
    );
    expect(res.status).toBe(400);
    expect(res.body.result.errors.map(({ field, message }) => `${field}: ${message}`)).toEqual([
      'sitePublicName: Please provide Property Name',
      'physicalCity: Required field',
      'fk_PhysicalStateID: Required field',
      'physicalZip: Invalid physical zip code entered.',
    ]);
  });

  it.each([
    ['ownerA', 'A', 200],
    ['ownerA', 'B', 403],
    ['managerA1', 'A', 403],
    ['none', 'A', 403],
  ] as const)('%s creating in business %s -> %i', async (caller, business, status) => {
    const res = await create(
      caller,
      form({
        sitePublicName: `Role ${caller} ${business}`,
        fk_BusEntityID: business === 'A' ? w.busA.id : w.busB.id,
        integrations: [],
      }),
    );
    expect(res.status).toBe(status);
  });
});

describe('PUT /api/Site/UpdateSite', () => {
  let made = 0;
  const existing = async () =>
    (
      await create(
        'admin',
        form({ sitePublicName: `Spruce Bay ${++made}`, integrations: [{ partnerID: 2 }, { partnerID: 3 }] }),
      )
    ).body.result;

  it('updates the property, settings and integrations, keeping stored keys across a rename', async () => {
    const site = await existing();
    const newbookKey = site.integrations.find((i) => i.partnerID === 2)!.propertyKey;
    const res = await update(
      'ownerA',
      form({
        siteID: site.siteID,
        sitePublicName: 'Spruce Bay Marina',
        billingRate: 0.2,
        integrations: [{ partnerID: 2 }, { partnerID: 4 }],
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Property updated successfully');
    expect(res.body.result.sitePublicName).toBe('Spruce Bay Marina');
    expect(res.body.result.integrations).toEqual([
      { partnerID: 2, partnerName: 'Newbook', propertyKey: newbookKey },
      { partnerID: 4, partnerName: 'RMS Cloud', propertyKey: 'RmsCloudSpruceBayMarinaUt' },
    ]);
    const [entry] = await auditOf(site.siteID, 'updateSite');
    expect(entry!.before).toMatchObject({
      settings: { billingRate: '0.15' },
      integrations: [{ partnerId: 2 }, { partnerId: 3 }],
    });
    expect(entry!.after).toMatchObject({
      site: { publicName: 'Spruce Bay Marina' },
      settings: { billingRate: '0.20' },
    });
  });

  it('refuses an integration key another property gives the same partner, and a taken property key', async () => {
    const first = await existing();
    const second = await existing();
    const takenKey = first.integrations.find((i) => i.partnerID === 2)!.propertyKey;
    const res = await update(
      'admin',
      form({ siteID: second.siteID, integrations: [{ partnerID: 2, propertyKey: takenKey }] }),
    );
    expect(res.status).toBe(409);
    expect(res.body.result.errors).toContainEqual(
      expect.objectContaining({
        field: 'integrations.0.propertyKey',
        message: 'This integration key is already used by another property.',
      }),
    );
    await update('admin', form({ siteID: first.siteID, propertyKey: 'SPRUCE-1', integrations: [] }));
    const taken = await update('admin', form({ siteID: second.siteID, propertyKey: 'SPRUCE-1', integrations: [] }));
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('This property key is already used by another property.');
  });

  it.each([
    ['ownerA', 'A2', 'A', 200],
    ['ownerA', 'B1', 'B', 403],
    ['ownerA', 'A2', 'B', 403],
    ['ownerB', 'A1', 'A', 403],
    ['managerA1', 'A1', 'A', 403],
    ['none', 'A1', 'A', 403],
    ['admin', 'B1', 'B', 200],
  ] as const)('%s updating %s (business %s) -> %i', async (caller, site, business, status) => {
    const ids = { A1: w.siteA1.id, A2: w.siteA2.id, B1: w.siteB1.id };
    const res = await update(
      caller,
      form({
        siteID: ids[site],
        sitePublicName: `Renamed ${site}`,
        fk_BusEntityID: business === 'A' ? w.busA.id : w.busB.id,
        integrations: [],
      }),
    );
    expect(res.status).toBe(status);
  });

  it('answers 404 to an Administrator for a property that does not exist, and 403 to an owner guessing', async () => {
    expect((await update('admin', form({ siteID: 999_999 }))).status).toBe(404);
    expect((await update('ownerA', form({ siteID: 999_999 }))).status).toBe(403);
  });
});
