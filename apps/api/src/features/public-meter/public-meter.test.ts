import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MeterLookupResult } from '@portal/contract';
import { servicePoints } from '../../db/schema';
import { buildLocation, buildMeter } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { reportFixture } from '../../test/report-fixture';
import { isMeterHost } from './service';

let t: TestApp;
let f: Awaited<ReturnType<typeof reportFixture>>;

beforeAll(async () => {
  t = await createTestApp({ meterHost: 'meters.example.com' });
  f = await reportFixture(t);
});
afterAll(() => t.close());

const lookUp = (name: string) =>
  t.call<MeterLookupResult>({
    method: 'GET',
    url: `/api/Report/GetElectricMeterInformationByLocationPublicName?name=${encodeURIComponent(name)}`,
  });
/** What the page shows of the meter found under `name` (the answer is 200). */
const found = async (name: string) => {
  const res = await lookUp(name);
  expect(res.status).toBe(200);
  return res.body.result;
};
/** The fixture's location A, in service and reporting, with this total. */
const locationA = (kwhTotal: number) => ({
  locationPublicName: f.a.publicName,
  locationDescription: f.a.description,
  status: 'Normal',
  kwhTotal,
});

describe('public meter page', () => {
  it('[ANYONE] looks a meter up by public name, without case, signed out', async () => {
    const r = await found(f.a.publicName.toLowerCase());
    expect(r.location).toEqual(locationA(30));
    expect(r.unit).toBe('kWh');
    expect(r.propertyName).toBe('Lakeside RV');
    expect(r.dataAsOf).toBe('2026-11-03T07:30:00.000Z');
    expect(r.meterReadings).toHaveLength(8);
    expect(r.meterReadings[0]).toEqual({ readingDT: '2026-11-03T07:30:00.000Z', kwHTotalSeparated: '30.00' });
    expect(r.meterReadings[3]).toEqual({ readingDT: '2026-11-02T06:30:00.000Z', kwHTotalSeparated: '1,040.00' });
  });

  it('reveals nothing about guests or stays', async () => {
    const res = await lookUp(f.a.publicName);
    const text = JSON.stringify(res.body);
    expect(text).not.toContain('Gina');
    // the guest's phone, (555) 123-4567, in any form (the location's random name may hold a 555)
    expect(text).not.toContain('123-4567');
    expect(text).not.toMatch(/555\D*123\D*4567/);
  });

  it('answers 404 Meter not found for an unknown name, 400 for none', async () => {
    const res = await lookUp('NOPE999');
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Meter not found');
    const empty = await lookUp('');
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Please enter meter number');
  });

  it('says Missing or Out of Service when the meter is not reporting or not in service', async () => {
    await t.deps.db.update(servicePoints).set({ isMissingDevice: true }).where(eq(servicePoints.id, f.e.id));
    expect((await lookUp(f.a.publicName)).body.result.location.status).toBe('Missing');
    await t.deps.db.update(servicePoints).set({ activeInd: 0 }).where(eq(servicePoints.id, f.e.id));
    expect((await lookUp(f.a.publicName)).body.result.location.status).toBe('Out of Service');
    await t.deps.db
      .update(servicePoints)
      .set({ activeInd: 1, isMissingDevice: false })
      .where(eq(servicePoints.id, f.e.id));
  });

  it('[ANYONE] looks an electric meter up by the number printed on it, without case or spaces', async () => {
    expect(await found(` ${f.e.name.toLowerCase()} `)).toEqual(await found(f.a.publicName));
  });

  it('[ANYONE] shows a water meter looked up by its number with its own readings, in gallons', async () => {
    const r = await found(f.w.name.toLowerCase());
    expect(r.location).toEqual(locationA(600));
    expect(r.unit).toBe('gal');
    expect(r.dataAsOf).toBe('2026-11-01T20:00:00.000Z');
    expect(r.meterReadings.map((m) => m.kwHTotalSeparated)).toEqual(['600.00', '500.00']);
  });

  it('answers Meter not found for a meter in stock, on a deleted location, or that does not meter', async () => {
    const stock = await buildMeter(t.deps.db);
    const deleted = await buildLocation(t.deps.db, f.site.id, { deleted: true });
    const onDeleted = await buildMeter(t.deps.db, { locationId: deleted.id, slot: 1 });
    const live = await buildLocation(t.deps.db, f.site.id);
    const cube = await buildMeter(t.deps.db, { locationId: live.id, slot: 1, deviceTypeId: 2 });
    for (const name of [stock.name, onDeleted.name, deleted.publicName, cube.name]) {
      const res = await lookUp(name);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Meter not found');
    }
  });

  it('is rate limited', async () => {
    let last = 0;
    for (let i = 0; i < 35; i++) last = (await lookUp(`X${i}`)).status;
    expect(last).toBe(429);
  });

  it('tells the web app whether it was reached through the meter-check host name', async () => {
    const on = await t.call<{ meterHost: boolean }>({
      method: 'GET',
      url: '/api/PublicMeter/Host',
      headers: { host: 'Meters.Example.com' },
    });
    expect(on.body.result.meterHost).toBe(true);
    const off = await t.call<{ meterHost: boolean }>({
      method: 'GET',
      url: '/api/PublicMeter/Host',
      headers: { host: 'portal.test' },
    });
    expect(off.body.result.meterHost).toBe(false);
    expect(isMeterHost(undefined, 'x', 'x')).toBe(false);
    expect(isMeterHost('meters.example.com', 'meters.example.com:3000', 'meters.example.com')).toBe(true);
  });
});
