import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { nextSlot, Role, routes, type CurrentStay, type LocationRow } from '@portal/contract';
import {
  auditLog,
  guests,
  locations,
  servicePointCapabilities,
  servicePoints,
  sites,
  stayMeters,
  stays,
} from '../../db/schema';
import { recordReadings } from '../meters';
import {
  buildBusiness,
  buildLocation,
  buildMeter,
  buildPedestal,
  buildSite,
  buildUser,
  signIn,
} from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { autoCheckOut } from './service';

let t: TestApp;
const tokens = { admin: '', manager: '', ownerB: '' };
let adminId = 0;
let siteId = 0;
let siteB = 0;

beforeAll(async () => {
  t = await createTestApp({
    devices: {
      missingAfterMinutes: 15,
      commandTimeoutSeconds: 60,
      confirmWaitMs: 2_000,
    },
  });
  const db = t.deps.db;
  const a = await buildBusiness(db);
  const b = await buildBusiness(db);
  siteId = (await buildSite(db, a.id)).id;
  siteB = (await buildSite(db, b.id)).id;
  const admin = await buildUser(db, { roleId: Role.Administrator });
  adminId = admin.id;
  tokens.admin = await signIn(t, admin);
  tokens.manager = await signIn(
    t,
    await buildUser(db, { roleId: Role.SiteManager, busEntityId: a.id, siteIds: [siteId] }),
  );
  tokens.ownerB = await signIn(t, await buildUser(db, { roleId: Role.SiteOwner, busEntityId: b.id }));
});
afterAll(() => t.close());
beforeEach(() => {
  t.gateway.autoAnswer = 0;
});

const pedestal = (over: { deviceTypeId?: number; activeInd?: number; site?: number } = {}) =>
  buildPedestal(t.deps.db, over.site ?? siteId, t.deps.now(), over);

const autoCheckout = () => nextSlot(new Date(t.deps.now().getTime() + 86_400_000)).toISOString();

const checkIn = (token: string, body: object) =>
  t.call<{ stayID: number; messageIds: number[] }>({
    method: 'POST',
    url: '/api/CheckinLocationServicePointCapabilities',
    token,
    payload: body,
  });

describe('check-in', () => {
  it('[API KEY] checks a guest in and out as the desk would, each act audited under the key and nobody named as the person', async () => {
    const { loc } = await pedestal();
    const [site] = await t.deps.db.select().from(sites).where(eq(sites.id, siteId));
    const made = await t.call<{ apiKeyID: number; key: string }>({
      method: 'POST',
      url: routes.integrations.createApiKey.path,
      token: tokens.admin,
      payload: { businessID: site!.busEntityId, name: 'PMS', siteIDs: [siteId], scopes: ['stays:write'] },
    });
    const { apiKeyID, key } = made.body.result;
    const res = await checkIn(key, {
      locationID: loc.id,
      autoCheckoutDateTime: autoCheckout(),
      guest: { mobileNumber: '(555) 123-0000', firstName: 'Kim', lastName: 'Key', email: '' },
    });
    expect(res.status, res.body.message ?? '').toBe(200);
    const out = await t.call({
      method: 'POST',
      url: `${routes.stays.checkOut.path}?locationID=${loc.id}`,
      token: key,
    });
    expect(out.status, out.body.message ?? '').toBe(200);
    const [stay] = await t.deps.db.select().from(stays).where(eq(stays.id, res.body.result.stayID));
    expect([stay!.checkedInByUserId, stay!.checkedOutByUserId, stay!.checkoutAt]).toEqual([
      null,
      null,
      expect.any(Date),
    ]);
    const acts = await t.deps.db
      .select({ action: auditLog.action, actor: auditLog.actor, userAccountId: auditLog.userAccountId })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'location'), eq(auditLog.entityId, String(loc.id))));
    expect(acts.map((a) => a.action)).toEqual(['checkIn', 'checkOut']);
    expect(new Set(acts.map((a) => `${a.actor} ${a.userAccountId}`))).toEqual(new Set([`key:${apiKeyID} null`]));
  });

  it('[SITE MANAGER] checks a guest in: the stay, the guest and the opening reading are stored and the relays switch on', async () => {
    const { loc, meter, caps } = await pedestal();
    const res = await checkIn(tokens.manager, {
      locationID: loc.id,
      autoCheckoutDateTime: autoCheckout(),
      servicePointCapabilities: caps.map((c) => ({ servicePointCapabilityID: c.id, status: 1 })),
      guest: { mobileNumber: '(555) 123-4567', firstName: 'Gina', lastName: 'Guest', email: 'gina@example.com' },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Check-in successful');
    const [stay] = await t.deps.db.select().from(stays).where(eq(stays.id, res.body.result.stayID));
    expect(stay!.checkoutAt).toBeNull();
    const [opening] = await t.deps.db.select().from(stayMeters).where(eq(stayMeters.stayId, stay!.id));
    expect(opening).toMatchObject({ servicePointId: meter.id, openingReading: '100.000000' });
    const relays = await t.deps.db
      .select()
      .from(servicePointCapabilities)
      .where(eq(servicePointCapabilities.servicePointId, meter.id));
    expect(relays.map((r) => r.status)).toEqual([1, 1]);
    const row = await t.call<LocationRow>({
      method: 'GET',
      url: `/api/GetSiteWithLocationStatsSignalRCall?locationID=${loc.id}`,
      token: tokens.manager,
    });
    expect(row.body.result).toMatchObject({ isCheckedInState: true, guestName: 'Gina Guest' });
  });

  it('answers 410 when the meters have not confirmed in time, with the stay saved', async () => {
    t.gateway.autoAnswer = undefined;
    const fast = await createTestApp();
    try {
      const db = fast.deps.db;
      const be = await buildBusiness(db);
      const site = await buildSite(db, be.id);
      const loc = await buildLocation(db, site.id);
      const meter = await buildMeter(db, { locationId: loc.id, slot: 1, deviceTypeId: 6 });
      await db.insert(servicePointCapabilities).values({ servicePointId: meter.id, capabilityId: 1 });
      const token = await signIn(fast, await buildUser(db));
      const res = await fast.call({
        method: 'POST',
        url: '/api/CheckinLocationServicePointCapabilities',
        token,
        payload: { locationID: loc.id, autoCheckoutDateTime: autoCheckout() },
      });
      expect(res.status).toBe(410);
      expect(res.body).toMatchObject({
        success: true,
        message: 'Check-in successful. Remote Device Operation Pending',
      });
      expect(fast.gateway.sent).toEqual([
        expect.objectContaining({ deviceKey: meter.deviceKey, capabilityId: null, requestedState: 1 }),
      ]);
      const [l] = await db.select().from(locations).where(eq(locations.id, loc.id));
      expect(l!.isCheckedIn).toBe(true);
    } finally {
      await fast.close();
    }
  });

  it.each([
    [{ mobileNumber: '555-1234', firstName: 'Al' }, 'Invalid phone number'],
    [{ mobileNumber: '', firstName: 'Al' }, 'Phone number is required'],
    [{ mobileNumber: '(555) 123-4567', firstName: '' }, 'First name is required'],
    [{ mobileNumber: '(555) 123-4567', firstName: 'Al', email: 'al@' }, 'Invalid email address'],
  ])('refuses guest %j with the specification text', async (guest, message) => {
    const { loc } = await pedestal();
    const res = await checkIn(tokens.admin, { locationID: loc.id, autoCheckoutDateTime: autoCheckout(), guest });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('refuses an automatic check-out before the next 15-minute slot', async () => {
    const { loc } = await pedestal();
    const res = await checkIn(tokens.admin, {
      locationID: loc.id,
      autoCheckoutDateTime: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(res.status).toBe(400);
  });

  it.each([
    ['a Cube', { deviceTypeId: 2 }],
    ['a meter out of service', { activeInd: 0 }],
  ])('refuses a location with %s', async (_what, over) => {
    const { loc } = await pedestal(over);
    const res = await checkIn(tokens.admin, { locationID: loc.id, autoCheckoutDateTime: autoCheckout() });
    expect(res.status).toBe(409);
  });

  it('refuses a location without a meter: there is nothing to switch on or bill', async () => {
    const loc = await buildLocation(t.deps.db, siteId);
    const res = await checkIn(tokens.admin, { locationID: loc.id, autoCheckoutDateTime: autoCheckout() });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      'A location without a meter cannot be checked in: there is nothing to switch on or bill.',
    );
    const [after] = await t.deps.db.select().from(locations).where(eq(locations.id, loc.id));
    expect(after!.isCheckedIn).toBe(false);
    expect(await t.deps.db.select().from(stays).where(eq(stays.locationId, loc.id))).toEqual([]);
  });

  it('refuses a second check-in and another business', async () => {
    const { loc } = await pedestal();
    expect((await checkIn(tokens.ownerB, { locationID: loc.id, autoCheckoutDateTime: autoCheckout() })).status).toBe(
      403,
    );
    expect((await checkIn(tokens.admin, { locationID: loc.id, autoCheckoutDateTime: autoCheckout() })).status).toBe(
      200,
    );
    const again = await checkIn(tokens.admin, { locationID: loc.id, autoCheckoutDateTime: autoCheckout() });
    expect(again.body.message).toBe('This location is already checked in.');
  });
});

const currentStayOf = (token: string, locationId: number) =>
  t.call<CurrentStay>({ method: 'GET', url: `/api/GetCurrentStayByLocationID?locationID=${locationId}`, token });

describe('the current stay', () => {
  it('[SITE MANAGER] reads the guest of the open stay, for the edit form; nothing when vacant; 403 out of scope', async () => {
    const { loc } = await pedestal();
    expect((await currentStayOf(tokens.manager, loc.id)).body.result).toBeNull();
    const guest = { mobileNumber: '(555) 222-0101', firstName: 'Olga', lastName: 'Open', email: 'olga@example.com' };
    await checkIn(tokens.admin, { locationID: loc.id, autoCheckoutDateTime: autoCheckout(), guest });
    const res = await currentStayOf(tokens.manager, loc.id);
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ guest: { ...guest, guestID: expect.any(Number) as number } });
    expect(res.body.result?.meters).toHaveLength(1);
    expect((await currentStayOf(tokens.ownerB, loc.id)).status).toBe(403);
  });
});

describe('check-out', () => {
  it('closes the stay with the usage since check-in, across a reset, and switches off', async () => {
    const { loc, meter, caps } = await pedestal();
    await checkIn(tokens.admin, {
      locationID: loc.id,
      autoCheckoutDateTime: autoCheckout(),
      servicePointCapabilities: caps.map((c) => ({ servicePointCapabilityID: c.id, status: 1 })),
    });
    const at = (s: number) => new Date(Date.now() + s * 1000);
    await recordReadings(t.deps.db, [
      { servicePointId: meter.id, readAt: at(1_800), total: '106.5', isReset: false },
      { servicePointId: meter.id, readAt: at(1_801), total: '10', isReset: true },
      { servicePointId: meter.id, readAt: at(2_400), total: '12', isReset: false },
    ]);
    t.clock.set(at(2_500));
    const soFar = await currentStayOf(tokens.manager, loc.id);
    expect(soFar.body.result?.meters).toEqual([
      {
        servicePointID: meter.id,
        servicePointName: meter.name,
        unit: 'kWh',
        openingReading: 100,
        currentReading: 12,
        usage: 8.5,
        readByHand: false,
        silent: false,
        estimate: expect.any(Number),
      },
    ]);
    const sentBefore = t.gateway.sent.length;
    const res = await t.call({
      method: 'POST',
      url: `/api/CheckOutLocationServicePointCapabilities?locationID=${loc.id}`,
      token: tokens.manager,
    });
    t.clock.set(new Date());
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Check-out successful');
    const [stay] = await t.deps.db.select().from(stays).where(eq(stays.locationId, loc.id));
    expect(Number(stay!.totalUsage)).toBeCloseTo(8.5, 6);
    expect(t.gateway.sent.slice(sentBefore).map((c) => c.requestedState)).toEqual([0, 0]);
    const history = await t.call<Array<{ totalUsage: number; checkoutDateTime: string | null }>>({
      method: 'GET',
      url: `/api/GetStayTransactionsUsageByLocationID?locationID=${loc.id}`,
      token: tokens.manager,
    });
    expect(history.body.result[0]).toMatchObject({ totalUsage: 8.5 });
    expect(history.body.result[0]!.checkoutDateTime).not.toBeNull();
  });

  it('refuses to check out a location with no guest', async () => {
    const { loc } = await pedestal();
    const res = await t.call({
      method: 'POST',
      url: `/api/CheckOutLocationServicePointCapabilities?locationID=${loc.id}`,
      token: tokens.admin,
    });
    expect(res.status).toBe(409);
  });
});

describe('automatic check-out', () => {
  it('checks out due locations exactly once, even when two instances run the job together', async () => {
    const { loc } = await pedestal();
    await checkIn(tokens.admin, { locationID: loc.id, autoCheckoutDateTime: autoCheckout() });
    t.clock.advance(3 * 86_400_000);
    const counts = await Promise.all([autoCheckOut(t.job), autoCheckOut(t.job)]);
    t.clock.set(new Date());
    const closedHere = await t.deps.db.select().from(stays).where(eq(stays.locationId, loc.id));
    expect(closedHere[0]!.checkoutAt).not.toBeNull();
    expect(closedHere[0]!.checkedOutByUserId).toBeNull();
    expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    const [l] = await t.deps.db.select().from(locations).where(eq(locations.id, loc.id));
    expect(l!.isCheckedIn).toBe(false);
    expect(await autoCheckOut(t.job)).toBe(0);
  });

  it('audits each act under its actor: the check-in under the person, the automatic check-out under the job', async () => {
    const { loc } = await pedestal();
    await checkIn(tokens.admin, { locationID: loc.id, autoCheckoutDateTime: autoCheckout() });
    t.clock.advance(3 * 86_400_000);
    await autoCheckOut(t.job);
    t.clock.set(new Date());
    const acts = await t.deps.db
      .select({
        action: auditLog.action,
        actor: auditLog.actor,
        userAccountId: auditLog.userAccountId,
        ip: auditLog.ip,
      })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'location'), eq(auditLog.entityId, String(loc.id))))
      .orderBy(auditLog.id);
    expect(acts.map((a) => [a.action, a.actor])).toEqual([
      ['checkIn', `user:${adminId}`],
      ['autoCheckOut', 'job:test'],
    ]);
    expect(acts[0]).toMatchObject({ userAccountId: adminId, ip: '127.0.0.1' });
    expect(acts[1]).toMatchObject({ userAccountId: null, ip: null });
  });
});

describe('guests', () => {
  it('finds guests by the phone digits typed, from 3 characters, only those known to the caller', async () => {
    const res = await t.call<Array<{ firstName: string }>>({
      method: 'GET',
      url: '/api/Guest/GetGuests?search=555',
      token: tokens.manager,
    });
    expect(res.body.result.map((g) => g.firstName)).toContain('Gina');
    expect((await t.call({ method: 'GET', url: '/api/Guest/GetGuests?search=55', token: tokens.manager })).status).toBe(
      400,
    );
    const other = await t.call<unknown[]>({
      method: 'GET',
      url: '/api/Guest/GetGuests?search=555',
      token: tokens.ownerB,
    });
    expect(other.body.result).toEqual([]);
  });
});

describe('meters that stop answering', () => {
  it('sends a disconnect-type meter one command for all its relays', async () => {
    const { loc, meter } = await pedestal({ deviceTypeId: 6 });
    const before = t.gateway.sent.length;
    await checkIn(tokens.admin, { locationID: loc.id, autoCheckoutDateTime: autoCheckout() });
    expect(t.gateway.sent.slice(before)).toEqual([
      expect.objectContaining({ deviceKey: meter.deviceKey, capabilityId: null, requestedState: 1 }),
    ]);
    const [m] = await t.deps.db.select().from(servicePoints).where(eq(servicePoints.id, meter.id));
    expect(m!.activeInd).toBe(1);
  });
});

const editWithServices = (token: string, body: object) =>
  t.call({ method: 'PUT', url: '/api/UpdateLocationServicePointCapabilities', token, payload: body });

describe('guests belong to a business', () => {
  const guestNamed = async (id: number) => (await t.deps.db.select().from(guests).where(eq(guests.id, id)))[0];

  it("refuses another business's guest id at check-in and at edit, and leaves that guest as it was", async () => {
    const { loc } = await pedestal();
    const vera = { mobileNumber: '(555) 333-0001', firstName: 'Vera', lastName: 'Victim', email: 'vera@example.com' };
    await checkIn(tokens.manager, { locationID: loc.id, autoCheckoutDateTime: autoCheckout(), guest: vera });
    const veraId = (await currentStayOf(tokens.manager, loc.id)).body.result!.guest!.guestID;
    const forged = { guestID: veraId, mobileNumber: '(555) 999-0000', firstName: 'Mallory', lastName: '', email: '' };

    const other = await pedestal({ site: siteB });
    const res = await checkIn(tokens.ownerB, {
      locationID: other.loc.id,
      autoCheckoutDateTime: autoCheckout(),
      guest: forged,
    });
    expect(res.status).toBe(403);
    const [locB] = await t.deps.db.select().from(locations).where(eq(locations.id, other.loc.id));
    expect(locB!.isCheckedIn).toBe(false);
    // an Administrator may not join guests across businesses either: to this location the guest does not exist
    const byAdmin = await checkIn(tokens.admin, {
      locationID: other.loc.id,
      autoCheckoutDateTime: autoCheckout(),
      guest: forged,
    });
    expect(byAdmin.status).toBe(404);

    expect(
      (await checkIn(tokens.ownerB, { locationID: other.loc.id, autoCheckoutDateTime: autoCheckout() })).status,
    ).toBe(200);
    const edit = await editWithServices(tokens.ownerB, { locationID: other.loc.id, guest: forged });
    expect(edit.status).toBe(403);
    expect((await currentStayOf(tokens.ownerB, other.loc.id)).body.result!.guest).toBeNull();

    expect(await guestNamed(veraId)).toMatchObject({ firstName: 'Vera', mobileNumber: vera.mobileNumber });
    const searchB = await t.call<unknown[]>({
      method: 'GET',
      url: '/api/Guest/GetGuests?search=(555) 333',
      token: tokens.ownerB,
    });
    expect(searchB.body.result).toEqual([]);
  });

  it('refuses a guest id that does not exist as it refuses a foreign one', async () => {
    const { loc } = await pedestal();
    const ghost = { guestID: 2_000_000, mobileNumber: '(555) 444-0000', firstName: 'Ghost' };
    expect(
      (await checkIn(tokens.manager, { locationID: loc.id, autoCheckoutDateTime: autoCheckout(), guest: ghost }))
        .status,
    ).toBe(403);
    expect(
      (await checkIn(tokens.admin, { locationID: loc.id, autoCheckoutDateTime: autoCheckout(), guest: ghost })).status,
    ).toBe(404);
  });

  it('keeps updating the guest of its own business: an edit corrects the name', async () => {
    const { loc } = await pedestal();
    const gus = { mobileNumber: '(555) 333-0002', firstName: 'Gus' };
    await checkIn(tokens.manager, { locationID: loc.id, autoCheckoutDateTime: autoCheckout(), guest: gus });
    const gusId = (await currentStayOf(tokens.manager, loc.id)).body.result!.guest!.guestID;
    const edit = await editWithServices(tokens.manager, {
      locationID: loc.id,
      guest: { ...gus, guestID: gusId, firstName: 'Gustav' },
    });
    expect(edit.status).toBe(200);
    expect(await guestNamed(gusId)).toMatchObject({ firstName: 'Gustav' });
  });
});

describe('the edit with services', () => {
  it('saves nothing when any part is refused: a bad automatic check-out keeps the old public name', async () => {
    const { loc } = await pedestal();
    await checkIn(tokens.admin, { locationID: loc.id, autoCheckoutDateTime: autoCheckout() });
    const offStep = new Date(nextSlot(new Date(t.deps.now().getTime() + 86_400_000)).getTime() + 60_000).toISOString();
    const res = await editWithServices(tokens.admin, {
      locationID: loc.id,
      locationDescription: loc.description,
      locationPublicName: 'RENAMED1',
      autoCheckoutDateTime: offStep,
    });
    expect(res.status).toBe(400);
    const [after] = await t.deps.db.select().from(locations).where(eq(locations.id, loc.id));
    expect(after!.publicName).toBe(loc.publicName);
  });
});
