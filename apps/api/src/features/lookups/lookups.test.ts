import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CountryLookup, LocationTypeLookup, StateLookup, TimeZoneLookup } from '@portal/contract';
import { buildSite } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildPropertyWorld, type PropertyWorld } from '../../test/property-world';

let t: TestApp;
let w: PropertyWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await buildPropertyWorld(t);
  // A1, A2 and B1 are in Utah (45); A gets one in Ontario and B one in Arizona.
  await buildSite(t.deps.db, w.busA.id, {
    physicalStateId: 109,
    physicalCountryId: 40,
    physicalZip: 'P1L 1T7',
    timeZone: 'America/Toronto',
  });
  await buildSite(t.deps.db, w.busB.id, { physicalStateId: 3, physicalZip: '86001', timeZone: 'America/Phoenix' });
});
afterAll(() => t.close());

const get = <T>(url: string, token: string) => t.call<T>({ method: 'GET', url, token });

describe('reference lookups', () => {
  it('answers the states of a country by name', async () => {
    const res = await get<StateLookup[]>('/api/GetAllStates?countryID=40', w.tokens.managerA1);
    expect(res.status).toBe(200);
    expect(res.body.result).toHaveLength(13);
    expect(res.body.result[0]).toEqual({ stateID: 101, stateName: 'Alberta', abbreviation: 'AB', countryID: 40 });
  });

  it('answers the countries, the IANA time zones and the location types', async () => {
    const countries = await get<CountryLookup[]>('/api/GetAllCountries', w.tokens.ownerA);
    expect(countries.body.result).toContainEqual({ countryID: 236, countryName: 'United States', iso2: 'US' });
    const zones = await get<TimeZoneLookup[]>('/api/gettimezones', w.tokens.ownerA);
    expect(zones.body.result).toContainEqual({ timeZone: 'America/Denver', displayName: 'America/Denver' });
    expect(zones.body.result).toContainEqual({
      timeZone: 'America/Port_of_Spain',
      displayName: 'America/Port of Spain',
    });
    const types = await get<LocationTypeLookup[]>('/api/GetAllLocationTypes', w.tokens.admin);
    expect(types.body.result[0]).toEqual({ locationTypeId: 1, locationTypeName: 'RV Site' });
  });

  it.each([
    ['admin', 236, ['Arizona', 'Utah']],
    ['admin', 40, ['Ontario']],
    ['ownerA', 236, ['Utah']],
    ['ownerA', 40, ['Ontario']],
    ['ownerB', 236, ['Arizona', 'Utah']],
    ['managerA1', 40, []],
  ] as const)(
    'GetSiteState answers the states of the properties %s sees in country %i',
    async (caller, countryID, names) => {
      const res = await get<StateLookup[]>(`/api/GetSiteState?countryID=${countryID}`, w.tokens[caller]);
      expect(res.body.result.map((s) => s.stateName)).toEqual(names);
    },
  );

  it('refuses a country id that is not a number with the field', async () => {
    const res = await get<{ errors: Array<{ field: string; message: string }> }>(
      '/api/GetAllStates?countryID=abc',
      w.tokens.admin,
    );
    expect(res.status).toBe(400);
    expect(res.body.result.errors).toContainEqual(
      expect.objectContaining({ field: 'countryID', message: 'Field is not valid' }),
    );
  });

  it.each([
    '/api/GetAllStates?countryID=236',
    '/api/GetSiteState?countryID=236',
    '/api/GetAllCountries',
    '/api/GetTimeZones',
    '/api/GetAllLocationTypes',
  ])('%s needs a role', async (url) => {
    expect((await get(url, w.tokens.none)).status).toBe(403);
    expect((await t.call({ method: 'GET', url })).status).toBe(401);
  });
});
