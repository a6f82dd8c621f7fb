import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { nextSlot, routes, type CurrentStay, type PublicStatement, type StayStatement } from '@portal/contract';
import { dailyUsage, servicePoints } from '../../db/schema';
import { buildHandMeter, buildLocation, saveTariff, signIn } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { pdfText } from '../../test/pdf-text';
import { buildPropertyWorld, type PropertyWorld } from '../../test/property-world';
import { recordReadings } from '../meters';

/**
 * Estimated readings on a meter read by hand: taken at check-in and check-out, marked
 * "Estimated" on the statement, its PDF and the guest link, and replaced by the actual read
 * through a revision whose figures equal those of the actual read taken in the first place.
 */
let t: TestApp;
let w: PropertyWorld;
let manager = '';
/** Moves the clock on, signing the manager in again (a session lasts an hour). */
async function later(hours: number) {
  t.clock.advance(hours * HOUR);
  manager = await signIn(t, w.users.managerA1);
}
const HOUR = 3_600_000;
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46]).toString('base64');
const ago = (hours: number) => new Date(t.deps.now().getTime() - hours * HOUR);

beforeAll(async () => {
  t = await createTestApp();
  w = await buildPropertyWorld(t);
  manager = w.tokens.managerA1;
  const tariff = await saveTariff(t, w.tokens.ownerA, { siteID: w.siteA1.id, electricRate: '0.2', waterRate: '0.01' });
  expect(tariff.status).toBe(200);
});
afterAll(() => t.close());

const call = <T>(route: { method: string; path: string }, body?: object, query?: Record<string, string | number>) =>
  t.call<T>({
    method: route.method as 'POST',
    url: route.path,
    token: manager,
    ...(body ? { payload: body } : {}),
    ...(query ? { query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) } : {}),
  });

/** A location with a meter read by hand, read at 100 two days ago and 124 a day ago (15 kWh a day until now). */
async function handReadPad() {
  const loc = await buildLocation(t.deps.db, w.siteA1.id);
  const meter = await buildHandMeter(t.deps.db, { locationId: loc.id, slot: 1, createdAt: ago(72) });
  await recordReadings(t.deps.db, [
    { servicePointId: meter.id, readAt: ago(48), total: '100', isReset: false },
    { servicePointId: meter.id, readAt: ago(24), total: '124', isReset: false },
  ]);
  return { loc, meter };
}

const checkIn = (locationID: number, readings?: object[]) =>
  call<{ stayID: number }>(routes.stays.checkIn, {
    locationID,
    autoCheckoutDateTime: nextSlot(new Date(t.deps.now().getTime() + 96 * HOUR)).toISOString(),
    servicePointCapabilities: [],
    ...(readings ? { readings } : {}),
  });

describe('a stay on a meter read by hand, closed with an estimate', () => {
  let stayID = 0;
  let meterId = 0;

  it('opens at the reading taken at check-in and proposes an estimate from the daily average', async () => {
    const { loc, meter } = await handReadPad();
    meterId = meter.id;
    const opened = await checkIn(loc.id, [{ servicePointID: meter.id, reading: '127' }]);
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    stayID = opened.body.result.stayID;
    await later(24);
    const stay = await call<CurrentStay>(routes.stays.current, undefined, { locationID: loc.id });
    const [m] = stay.body.result!.meters;
    // 27 kWh over the 48 hours before the check-in reading: 13.5 a day, for a day since
    expect(m).toMatchObject({ openingReading: 127, readByHand: true, silent: false, estimate: 140.5 });

    const closed = await call(
      routes.stays.checkOut,
      { readings: [{ servicePointID: meter.id, reading: '140.5', estimated: true }] },
      {
        locationID: loc.id,
      },
    );
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    const s = (await call<StayStatement>(routes.billing.statement, undefined, { stayID })).body.result;
    expect(
      s.meters.map((x) => [x.openingReading, x.openingEstimated, x.closingReading, x.closingEstimated, x.usage]),
    ).toEqual([['127', false, '140.5', true, '13.5']]);
    expect(s.total).toBe('2.70');
    const history = await call<Array<{ stayID: number; estimated: boolean }>>(routes.locations.history, undefined, {
      locationID: loc.id,
    });
    expect(history.body.result.find((h) => h.stayID === stayID)?.estimated).toBe(true);
  });

  it('says "Estimated" on the guest link and prominently on the PDF', async () => {
    const s = (await call<StayStatement>(routes.billing.statement, undefined, { stayID })).body.result;
    const guest = await t.call<PublicStatement>({
      method: 'GET',
      url: routes.billing.publicStatement.path,
      query: { token: s.publicUrl!.split('/statement/')[1]! },
    });
    expect(guest.body.result.meters[0]).toMatchObject({ closingEstimated: true, closingReading: '140.5' });
    const pdf = await t.app.inject({
      method: 'GET',
      url: routes.billing.statementPdf.path,
      query: { stayID: String(stayID) },
      headers: { authorization: `Bearer ${manager}` },
    });
    const text = pdfText(pdf.rawPayload).replace(/\s+/g, ' ');
    expect(text).toContain('ESTIMATED: this statement uses an estimated meter reading');
    expect(text).toContain('140.5 Estimated');
  });

  it('is revised when the actual read replaces the estimate, to the figures of that read taken at check-out', async () => {
    const before = (await call<StayStatement>(routes.billing.statement, undefined, { stayID })).body.result;
    const at = before.meters[0]!.closingReadingAt!;
    await later(6);
    const actual = await call(routes.meters.addReading, { servicePointID: meterId, kwHTotal: '139', at, photo: JPEG });
    expect(actual.status, JSON.stringify(actual.body)).toBe(200);
    const s = (await call<StayStatement>(routes.billing.statement, undefined, { stayID })).body.result;
    expect(s).toMatchObject({ revision: 2, revisionReason: 'estimateReplaced', total: '2.40' });
    expect(s.meters[0]).toMatchObject({ closingReading: '139', closingEstimated: false, usage: '12' });
    // the photo of the meter face read is on the staff statement, and comes to staff of the property only
    expect(s.photos).toEqual([{ servicePointID: meterId, at }]);
    const photo = (token: string) =>
      t.app.inject({
        method: 'GET',
        url: routes.meters.readingPhoto.path,
        query: { servicePointID: String(meterId), at },
        headers: { authorization: `Bearer ${token}` },
      });
    const shown = await photo(manager);
    expect([shown.statusCode, shown.headers['content-type']]).toEqual([200, 'image/jpeg']);
    expect(shown.rawPayload.toString('base64')).toBe(JPEG);
    expect((await photo(await signIn(t, w.users.ownerB))).statusCode).toBe(403);
    expect(s.changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'closingReading', before: '140.5', after: '139' }),
        expect.objectContaining({ field: 'estimated', before: 'closing', after: null }),
      ]),
    );
    // the roll-ups and the meter hold what the actual read at check-out would have given
    const days = await t.deps.db.select().from(dailyUsage).where(eq(dailyUsage.servicePointId, meterId));
    expect(days.reduce((sum, d) => sum + Number(d.usage), 0)).toBe(39);
    expect(days.map((d) => d.lastReading)).toContain('139.000000');
    const [meter] = await t.deps.db.select().from(servicePoints).where(eq(servicePoints.id, meterId));
    expect([meter!.lastReading, meter!.usageTotal]).toEqual(['139.000000', '39.000000']);
  });

  it('keeps an estimate when the same instant is read as an estimate again, and refuses another total there', async () => {
    const s = (await call<StayStatement>(routes.billing.statement, undefined, { stayID })).body.result;
    const at = s.meters[0]!.closingReadingAt!;
    const again = await call(routes.meters.addReading, {
      servicePointID: meterId,
      kwHTotal: '150',
      at,
      estimated: true,
    });
    expect(again.status).toBe(409);
  });
});

describe('readings at check-in and check-out', () => {
  it('refuses a meter of another location and a value a meter cannot read, storing nothing', async () => {
    const { loc } = await handReadPad();
    const other = await handReadPad();
    const foreign = await checkIn(loc.id, [{ servicePointID: other.meter.id, reading: '130' }]);
    expect(foreign.status).toBe(400);
    const bad = await checkIn(loc.id, [
      {
        servicePointID: (await t.deps.db.select().from(servicePoints).where(eq(servicePoints.locationId, loc.id)))[0]!
          .id,
        reading: '-3',
      },
    ]);
    expect(bad.status).toBe(400);
    const stay = await call<CurrentStay>(routes.stays.current, undefined, { locationID: loc.id });
    expect(stay.body.result).toBeNull();
  });

  it('asks a person at the desk for the reading of each meter read by hand, at check-in and at check-out', async () => {
    const { loc, meter } = await handReadPad();
    const unread = await checkIn(loc.id);
    expect([unread.status, unread.body.messageCode]).toEqual([400, 'handReadingRequired']);
    expect((await checkIn(loc.id, [{ servicePointID: meter.id, reading: '125' }])).status).toBe(200);
    const out = (body?: object) => call(routes.stays.checkOut, body, { locationID: loc.id });
    const closing = await out();
    expect([closing.status, closing.body.messageCode]).toEqual([400, 'handReadingRequired']);
    expect((await out({ readings: [{ servicePointID: meter.id, reading: '126' }] })).status).toBe(200);
  });
});
