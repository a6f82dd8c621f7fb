import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MeterLookupResult } from '@portal/contract';
import { servicePoints } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { reportFixture } from '../reports/test-fixture';
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

describe('public meter page', () => {
  it('[ANYONE] looks a meter up by public name, without case, signed out', async () => {
    const res = await lookUp(f.a.publicName.toLowerCase());
    expect(res.status).toBe(200);
    const r = res.body.result;
    expect(r.location).toEqual({
      locationPublicName: f.a.publicName,
      locationDescription: f.a.description,
      status: 'Normal',
      kwhTotal: 30,
    });
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
    expect(text).not.toContain('555');
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
