import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { nextSlot, type ReservationRow, routes } from '@portal/contract';
import { guests, locations, stays } from '../../db/schema';
import { buildApiKey, buildPedestal, tokenFor } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildPropertyWorld, type PropertyWorld } from '../../test/property-world';
import { settleReservations } from './reservations';

let t: TestApp;
let w: PropertyWorld;
let key = '';

beforeAll(async () => {
  t = await createTestApp();
  w = await buildPropertyWorld(t);
  ({ key } = await buildApiKey(t, w.tokens.ownerA, {
    businessID: w.busA.id,
    name: 'Newbook',
    siteIDs: [w.siteA1.id],
    scopes: ['reservations:write'],
  }));
});
afterAll(() => t.close());

let n = 0;
const hours = (h: number) => new Date(t.deps.now().getTime() + h * 3_600_000).toISOString();

/** A reservation of a new pedestal of the first property, arriving in an hour for two days. */
async function booking(over: object = {}) {
  const p = await buildPedestal(t.deps.db, w.siteA1.id, t.deps.now());
  return {
    p,
    body: {
      siteID: w.siteA1.id,
      externalID: `R-${++n}`,
      locationDescription: p.loc.description,
      arrival: hours(1),
      departure: hours(49),
      guest: { firstName: 'Ola', lastName: 'Nordmann', phone: '+1 435-555-0142', email: '' },
      status: 'booked',
      ...over,
    },
  };
}

const upsert = (body: object, token = key) =>
  t.call<{ reservationID: number; stayID: number | null }>({
    method: 'POST',
    url: routes.integrations.upsertReservation.path,
    token,
    payload: body,
  });
const list = async () =>
  (
    await t.call<ReservationRow[]>({
      method: 'GET',
      url: `${routes.integrations.reservations.path}?siteID=${w.siteA1.id}&from=${hours(-1000)}`,
      token: key,
    })
  ).body.result;

describe('reservations from a PMS', () => {
  it('checks an arrived guest in with their phone in the portal’s form, and a new departure moves the automatic check-out', async () => {
    const { p, body } = await booking();
    expect((await upsert(body)).body.result.stayID).toBeNull();
    const arrived = await upsert({ ...body, status: 'arrived' });
    const [stay] = await t.deps.db.select().from(stays).where(eq(stays.id, arrived.body.result.stayID!));
    const [guest] = await t.deps.db.select().from(guests).where(eq(guests.id, stay!.guestId!));
    expect(guest).toMatchObject({ firstName: 'Ola', mobileNumber: '(435) 555-0142' });
    expect(stay!.autoCheckoutAt!.toISOString()).toBe(
      new Date(Math.ceil(Date.parse(body.departure) / 900_000) * 900_000).toISOString(),
    );
    const later = hours(73);
    await upsert({ ...body, status: 'arrived', departure: later });
    const [loc] = await t.deps.db.select().from(locations).where(eq(locations.id, p.loc.id));
    expect(loc!.autoCheckoutAt!.getTime()).toBe(Math.ceil(Date.parse(later) / 900_000) * 900_000);
  });

  it('removes a cancelled booking and refuses to cancel an arrived guest', async () => {
    const { body } = await booking();
    await upsert(body);
    expect((await upsert({ ...body, status: 'cancelled' })).status).toBe(200);
    const { body: other } = await booking();
    await upsert({ ...other, status: 'arrived' });
    const refused = await upsert({ ...other, status: 'cancelled' });
    expect([refused.status, refused.body.messageCode]).toEqual([409, 'reservationArrivedCannotCancel']);
    expect((await list()).find((r) => r.externalID === body.externalID)!.status).toBe('cancelled');
  });

  it('keeps a conflict until the location frees, then the job checks the waiting guest in', async () => {
    const { p, body } = await booking({ status: 'arrived' });
    // a walk-in at the desk holds the location
    const walkIn = await t.call({
      method: 'POST',
      url: routes.stays.checkIn.path,
      token: w.tokens.ownerA,
      payload: {
        locationID: p.loc.id,
        autoCheckoutDateTime: nextSlot(new Date(hours(24))).toISOString(),
      },
    });
    expect(walkIn.status, walkIn.body.message ?? '').toBe(200);
    const refused = await upsert(body);
    expect([refused.status, refused.body.messageCode]).toEqual([409, 'alreadyCheckedIn']);
    expect((await list()).find((r) => r.externalID === body.externalID)).toMatchObject({
      conflict: 'alreadyCheckedIn',
      stayID: null,
    });
    await t.call({
      method: 'POST',
      url: `${routes.stays.checkOut.path}?locationID=${p.loc.id}`,
      token: w.tokens.ownerA,
    });
    expect(await settleReservations(t.job)).toBeGreaterThan(0);
    const row = (await list()).find((r) => r.externalID === body.externalID)!;
    expect(row.conflict).toBeNull();
    expect(row.stayID).not.toBeNull();
    expect(row.stayOpen).toBe(true);
  });

  it('answers 409 for a location the property does not have, and keeps the reservation to show it', async () => {
    const { body } = await booking({ locationDescription: 'Pad 999', status: 'arrived' });
    const res = await upsert(body);
    expect([res.status, res.body.messageCode]).toEqual([409, 'reservationUnknownLocation']);
    expect((await list()).find((r) => r.externalID === body.externalID)).toMatchObject({
      locationID: null,
      conflict: 'reservationUnknownLocation',
      source: 'Newbook',
    });
  });

  it('checks guests in at their arrival time where the property chooses so', async () => {
    const owner = await tokenFor(t, w.users.ownerA.id);
    const manager = await tokenFor(t, w.users.managerA1.id);
    const save = (token: string) =>
      t.call({
        method: 'PUT',
        url: routes.integrations.saveReservationSettings.path,
        token,
        payload: { siteID: w.siteA1.id, checkIn: 'atArrivalTime' },
      });
    expect((await save(manager)).status).toBe(403);
    expect((await save(owner)).body.messageCode).toBe('reservationSettingsSaved');
    const { body } = await booking();
    await upsert(body);
    await settleReservations(t.job);
    expect((await list()).find((r) => r.externalID === body.externalID)!.stayID).toBeNull();
    t.clock.advance(2 * 3_600_000);
    await settleReservations(t.job);
    expect((await list()).find((r) => r.externalID === body.externalID)!.stayID).not.toBeNull();
  });

  it('refuses a departure before the arrival, another property, and a key without the scope', async () => {
    const { body } = await booking();
    expect((await upsert({ ...body, departure: body.arrival })).status).toBe(400);
    expect((await upsert({ ...body, siteID: w.siteA2.id })).status).toBe(403);
    const reader = await buildApiKey(t, await tokenFor(t, w.users.ownerA.id), {
      businessID: w.busA.id,
      name: 'Reader',
      siteIDs: [w.siteA1.id],
      scopes: ['locations:read'],
    });
    const res = await upsert(body, reader.key);
    expect([res.status, res.body.messageCode]).toEqual([403, 'apiKeyScopeMissing']);
  });
});
