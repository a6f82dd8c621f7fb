import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DateRangeFilter,
  nextSlot,
  Role,
  routes,
  type ReportRow,
  type StayStatement,
  type TariffVersion,
} from '@portal/contract';
import { eq } from 'drizzle-orm';
import { servicePointCapabilities, stayMeters, stays, tariffVersions } from '../../db/schema';
import { settleStatements } from './service';
import { recordReadings } from '../meters';
import { buildBusiness, buildLocation, buildMeter, buildSite, buildUser, signIn } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { pdfText } from '../../test/pdf-text';

let t: TestApp;
const tokens = { admin: '', ownerA: '', managerA: '', ownerB: '' };
let siteA = 0;

const at = (iso: string) => new Date(iso);
/** The location of each pad built. */
const pads: Record<number, number> = {};
const GUEST = { mobileNumber: '(555) 010-4242', firstName: 'Dana', lastName: 'Reyes', email: 'dana@example.com' };

/** The tariff of the hand calculation below. */
const TARIFF = {
  electricRate: '0.15',
  electricBlocks: [{ upToKwh: '50', rate: '0.10' }],
  waterRate: '0.004',
  fees: [
    { name: 'Pedestal', amount: '2.50', per: 'night' },
    { name: 'Booking', amount: 5, per: 'stay' },
  ],
  minimumCharge: '20',
  taxes: [
    { name: 'State', percent: '6.25', appliesTo: 'all' },
    { name: 'Utility', percent: 3, appliesTo: 'utilities' },
  ],
};

beforeAll(async () => {
  t = await createTestApp();
  const db = t.deps.db;
  const a = await buildBusiness(db);
  const b = await buildBusiness(db);
  siteA = (
    await buildSite(db, a.id, {
      timeZone: 'America/Chicago',
      publicName: 'Riverbend RV',
      createdAt: at('2026-10-01T00:00:00Z'),
    })
  ).id;
  const siteB = (await buildSite(db, b.id)).id;
  // another property's version first: version numbers are a property's own, not the database's ids
  await db
    .insert(tariffVersions)
    .values({ siteId: siteB, effectiveFrom: at('2026-01-01T00:00:00Z'), electricRate: '0.1', waterRate: '0.01' });
  tokens.admin = await signIn(t, await buildUser(db, { roleId: Role.Administrator }));
  tokens.ownerA = await signIn(t, await buildUser(db, { roleId: Role.SiteOwner, busEntityId: a.id }));
  tokens.managerA = await signIn(
    t,
    await buildUser(db, { roleId: Role.SiteManager, busEntityId: a.id, siteIds: [siteA] }),
  );
  tokens.ownerB = await signIn(t, await buildUser(db, { roleId: Role.SiteOwner, busEntityId: b.id }));
});
afterAll(() => t.close());

const call = <T>(
  route: { method: string; path: string },
  token: string,
  input: { query?: object; body?: object } = {},
) =>
  t.call<T>({
    method: route.method as 'GET',
    url: route.path,
    token,
    ...(input.query ? { query: Object.fromEntries(Object.entries(input.query).map(([k, v]) => [k, String(v)])) } : {}),
    ...(input.body ? { payload: input.body } : {}),
  });

const createTariff = (token: string, body: object) =>
  call<{ tariffVersionID: number }>(routes.billing.createTariff, token, { body });
const statementOf = (token: string, stayID: number) =>
  call<StayStatement>(routes.billing.statement, token, { query: { stayID } });
const publicStatement = (token: string) =>
  t.call<Record<string, unknown>>({ method: 'GET', url: routes.billing.publicStatement.path, query: { token } });

/** A location with an electric meter (two relays) reading 100 and a water meter reading 1000 before the guest came. */
async function pedestal(before: Date, pad: number) {
  const db = t.deps.db;
  const loc = await buildLocation(db, siteA, { description: `Pad ${pad}`, publicName: `RB00${pad}` });
  pads[pad] = loc.id;
  const power = await buildMeter(db, { locationId: loc.id, slot: 1, deviceTypeId: 1 });
  const water = await buildMeter(db, { locationId: loc.id, slot: 2, deviceTypeId: 7, name: `W0000${pad}` });
  await recordReadings(db, [
    { servicePointId: power.id, readAt: before, total: '100', isReset: false },
    { servicePointId: water.id, readAt: before, total: '1000', isReset: false },
  ]);
  const relays = await db
    .insert(servicePointCapabilities)
    .values([2, 3].map((capabilityId) => ({ servicePointId: power.id, capabilityId })))
    .returning();
  return { loc, power, water, relays };
}

describe('a stay across the end of daylight saving time, checked in and out through the API', () => {
  let stayID = 0;

  it('has a statement equal to the hand calculation, to the cent', async () => {
    // Chicago: 15:00 CDT on 31 October 2026 to 11:00 CST on 2 November, across the 25-hour day
    t.clock.set(at('2026-10-30T12:00:00Z'));
    expect((await createTariff(tokens.ownerA, { siteID: siteA, ...TARIFF })).status).toBe(200);
    const p = await pedestal(at('2026-10-31T19:00:00Z'), 12);
    t.clock.set(at('2026-10-31T20:00:00Z'));
    const checkIn = await call<{ stayID: number }>(routes.stays.checkIn, tokens.managerA, {
      body: {
        locationID: p.loc.id,
        autoCheckoutDateTime: nextSlot(at('2026-11-03T00:00:00Z')).toISOString(),
        servicePointCapabilities: p.relays.map((r) => ({ servicePointCapabilityID: r.id, status: 1 })),
        guest: GUEST,
      },
    });
    expect([200, 410]).toContain(checkIn.status);
    stayID = checkIn.body.result.stayID;
    // electricity 100 → 130, reset to 5, → 50.5: 30 + 45.5 = 75.5 kWh; water 1000 → 1600: 600 gallons
    await recordReadings(t.deps.db, [
      { servicePointId: p.power.id, readAt: at('2026-11-01T03:00:00Z'), total: '130', isReset: false },
      { servicePointId: p.power.id, readAt: at('2026-11-01T07:30:00Z'), total: '5', isReset: true },
      { servicePointId: p.power.id, readAt: at('2026-11-02T15:00:00Z'), total: '50.5', isReset: false },
      { servicePointId: p.water.id, readAt: at('2026-11-02T15:00:00Z'), total: '1600', isReset: false },
    ]);
    t.clock.set(at('2026-11-02T17:00:00Z'));
    const running = await statementOf(tokens.managerA, stayID);
    expect(running.body.result).toMatchObject({ status: 'open', total: '32.48' });
    const out = await call(routes.stays.checkOut, tokens.managerA, { query: { locationID: p.loc.id } });
    expect([200, 410]).toContain(out.status);

    const res = await statementOf(tokens.managerA, stayID);
    expect(res.status).toBe(200);
    const s = res.body.result;
    expect(s).toMatchObject({
      status: 'closed',
      propertyName: 'Riverbend RV',
      locationName: 'Pad 12',
      locationPublicName: 'RB0012',
      timeZone: 'America/Chicago',
      checkInAt: expect.stringMatching(/^2026-10-31T20:00:00/),
      checkOutAt: expect.stringMatching(/^2026-11-02T17:00:00/),
      nights: 2,
      currency: 'USD',
      guestName: 'Dana Reyes',
    });
    expect(s.meters.map((m) => [m.unit, m.openingReading, m.closingReading, m.usage])).toEqual([
      ['kWh', '100', '50.5', '75.5'],
      ['gal', '1000', '1600', '600'],
    ]);
    expect(s.meters[0]!.events).toEqual([
      { at: '2026-11-01T07:30:00.000Z', kind: 'reset', reading: '5', previous: '130' },
    ]);
    // 50 × 0.10 = 5.00; 25.5 × 0.15 = 3.825 → 3.83; 600 × 0.004 = 2.40; utilities 11.23 topped up by
    // 8.77 to the minimum of 20.00; fees 2 × 2.50 + 5.00 = 10.00; subtotal 30.00;
    // State 6.25 % of 30.00 = 1.875 → 1.88; Utility 3 % of 20.00 = 0.60; total 32.48
    expect(s.lines.map((l) => [l.kind, l.description, l.quantity, l.unitPrice, l.amount])).toEqual([
      ['electric', 'Electricity 0–50 kWh', '50', '0.1', '5.00'],
      ['electric', 'Electricity over 50 kWh', '25.5', '0.15', '3.83'],
      ['water', 'Water (gallons)', '600', '0.004', '2.40'],
      ['minimum', 'Minimum charge', '1', '20.00', '8.77'],
      ['fee', 'Pedestal', '2', '2.50', '5.00'],
      ['fee', 'Booking', '1', '5.00', '5.00'],
      ['tax', 'State', '30.00', '6.25', '1.88'],
      ['tax', 'Utility', '20.00', '3', '0.60'],
    ]);
    expect([s.subtotal, s.taxTotal, s.total]).toEqual(['30.00', '2.48', '32.48']);
  });

  it('shows its total in Location History and in Transactions', async () => {
    const history = await call<Array<{ stayID: number; statementTotal: unknown }>>(
      routes.locations.history,
      tokens.managerA,
      {
        query: { locationID: pads[12]! },
      },
    );
    expect(history.body.result.find((h) => h.stayID === stayID)?.statementTotal).toEqual({
      total: '32.48',
      currency: 'USD',
    });
    const done = await call<Array<{ stayID: number; statementTotal: unknown }>>(
      routes.transactions.completed,
      tokens.managerA,
      {
        query: { CurrentDateRangeFilter: DateRangeFilter.All },
      },
    );
    expect(done.body.result.find((h) => h.stayID === stayID)?.statementTotal).toEqual({
      total: '32.48',
      currency: 'USD',
    });
  });

  it('is a row of the Billing by Stay report, in the view and in Excel with numbers as numbers', async () => {
    const query = {
      ReportID: 12,
      SiteID: siteA,
      StoredProcedureCalled: 'billing_by_stay',
      PeriodStartDate: '2026-11-01 00:00',
      EndDate: '2026-11-02 23:59',
      LocationDescription: '',
    };
    const view = await call<ReportRow[]>(routes.reports.records, tokens.managerA, { query });
    expect(view.status).toBe(200);
    expect(view.body.result).toEqual([
      {
        Location: 'Pad 12',
        Guest: 'Dana Reyes',
        'Check In': '2026-10-31 15:00:00',
        'Check Out': '2026-11-02 11:00:00',
        'Electric (kWh)': 75.5,
        'Water (gal)': 600,
        'Electric Amount': 8.83,
        'Water Amount': 2.4,
        'Minimum Charge': 8.77,
        Fees: 10,
        Tax: 2.48,
        Total: 32.48,
        Currency: 'USD',
        'Tariff Version': 1,
      },
    ]);
    const excel = await t.app.inject({
      method: 'GET',
      url: routes.reports.excel.path,
      query: {
        SiteID: String(siteA),
        ReportStartDate: '2026-11-01',
        ReportEndDate: '2026-11-02',
        ReportStartTime: '00:00',
        ReportEndTime: '23:59',
        ReportName: 'Billing by Stay',
        ReportID: '12',
        StoredProcedureCalled: 'billing_by_stay',
      },
      headers: { authorization: `Bearer ${tokens.managerA}` },
    });
    expect(excel.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(excel.rawPayload as unknown as ArrayBuffer);
    const row = (book.worksheets[0]!.getRow(3).values as unknown[]).slice(1);
    expect(row.slice(4, 12)).toEqual([75.5, 600, 8.83, 2.4, 8.77, 10, 2.48, 32.48]);
  });

  it('comes as a PDF, to staff with the guest and to the guest by the link', async () => {
    const staff = await t.app.inject({
      method: 'GET',
      url: routes.billing.statementPdf.path,
      query: { stayID: String(stayID) },
      headers: { authorization: `Bearer ${tokens.managerA}` },
    });
    expect(staff.statusCode, staff.body).toBe(200);
    expect(staff.headers['content-type']).toBe('application/pdf');
    expect(staff.headers['content-disposition']).toBe(`attachment; filename="statement-${stayID}.pdf"`);
    const text = pdfText(staff.rawPayload);
    for (const shown of [
      'Riverbend RV',
      'Guest: Dana Reyes',
      'Tariff version 1, in effect from Oct 30, 2026, 7:00 AM CDT',
      'Electricity over 50 kWh',
      '$3.83',
      'Total: $32.48',
    ])
      expect(text).toContain(shown);
    const token = (await statementOf(tokens.managerA, stayID)).body.result.publicUrl!.split('/statement/')[1]!;
    const guest = await t.app.inject({ method: 'GET', url: routes.billing.publicStatementPdf.path, query: { token } });
    expect(guest.statusCode).toBe(200);
    expect(pdfText(guest.rawPayload)).toContain('Total: $32.48');
    expect(pdfText(guest.rawPayload)).not.toContain('Dana');
    const wrong = await t.app.inject({
      method: 'GET',
      url: routes.billing.publicStatementPdf.path,
      query: { token: 'x' },
    });
    expect(wrong.statusCode).toBe(404);
  });

  it('keeps its statement when a later tariff version comes', async () => {
    const before = (await statementOf(tokens.managerA, stayID)).body.result;
    t.clock.set(at('2026-11-03T12:00:00Z'));
    expect((await createTariff(tokens.admin, { siteID: siteA, electricRate: '0.40', waterRate: '0.02' })).status).toBe(
      200,
    );
    const after = (await statementOf(tokens.managerA, stayID)).body.result;
    expect(after).toEqual(before);
    const versions = await call<TariffVersion[]>(routes.billing.tariffs, tokens.managerA, { query: { siteID: siteA } });
    expect(versions.body.result.map((v) => [v.electricRate, v.effectiveFrom.slice(0, 19)])).toEqual([
      ['0.4', '2026-11-03T12:00:00'],
      ['0.15', '2026-10-30T12:00:00'],
    ]);
    expect(after.tariffVersionID).toBe(versions.body.result[1]!.tariffVersionID);
  });

  it('names its tariff version by the property’s number for it (1, 2, … by moment), not the database’s id', async () => {
    const versions = (
      await call<TariffVersion[]>(routes.billing.tariffs, tokens.managerA, { query: { siteID: siteA } })
    ).body.result;
    // newest first; this property was built without a first version, so none is from its creation
    expect(versions.map((v) => [v.versionNumber, v.sinceCreation])).toEqual([
      [2, false],
      [1, false],
    ]);
    const s = (await statementOf(tokens.managerA, stayID)).body.result;
    expect(s).toMatchObject({ tariffVersionNumber: 1, tariffSinceCreation: false });
    expect(s.tariffVersionID).toBe(versions[1]!.tariffVersionID);
    expect(s.tariffVersionID).not.toBe(1);
    const token = s.publicUrl!.split('/statement/')[1]!;
    expect((await publicStatement(token)).body.result).toMatchObject({ tariffVersionNumber: 1 });
  });

  it('shows the guest the statement by its link, without contact details, until revoked', async () => {
    const staff = (await statementOf(tokens.managerA, stayID)).body.result;
    const token = staff.publicUrl!.split('/statement/')[1]!;
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    const page = await publicStatement(token);
    expect(page.status).toBe(200);
    expect(page.body.result).toMatchObject({ stayID, total: '32.48' });
    const text = JSON.stringify(page.body);
    for (const secret of [GUEST.mobileNumber, GUEST.email, GUEST.lastName]) expect(text).not.toContain(secret);

    for (const wrong of [`${token}x`, token.toUpperCase(), 'a'])
      expect((await publicStatement(wrong)).status).toBe(404);

    const revoked = await call(routes.billing.revokeLink, tokens.managerA, { body: { stayID } });
    expect(revoked.status).toBe(200);
    const gone = await publicStatement(token);
    expect(gone.status).toBe(404);
    expect(gone.body).toMatchObject({ success: false, result: { code: 'notFound' } });
    expect((await statementOf(tokens.managerA, stayID)).body.result.publicUrl).toBeNull();
  });
});

describe('the guest link', () => {
  it('expires the configured number of days after check-out', async () => {
    t.clock.set(at('2026-11-10T12:00:00Z'));
    const p = await pedestal(at('2026-11-10T11:00:00Z'), 13);
    const checkIn = await call<{ stayID: number }>(routes.stays.checkIn, tokens.managerA, {
      body: {
        locationID: p.loc.id,
        autoCheckoutDateTime: nextSlot(at('2026-11-11T12:00:00Z')).toISOString(),
        servicePointCapabilities: p.relays.map((r) => ({ servicePointCapabilityID: r.id, status: 1 })),
      },
    });
    const stayID = checkIn.body.result.stayID;
    const token = (await statementOf(tokens.managerA, stayID)).body.result.publicUrl!.split('/statement/')[1]!;
    // open: live, as of now
    const open = await publicStatement(token);
    expect(open.body.result).toMatchObject({ status: 'open', asOf: expect.stringMatching(/^2026-11-10T12:00:00/) });
    t.clock.set(at('2026-11-11T09:00:00Z'));
    await call(routes.stays.checkOut, tokens.managerA, { query: { locationID: p.loc.id } });
    t.clock.set(at('2027-02-09T08:59:00Z'));
    expect((await publicStatement(token)).status).toBe(200);
    t.clock.set(at('2027-02-09T09:00:01Z'));
    expect((await publicStatement(token)).status).toBe(404);
  });
});

describe('who may', () => {
  it('only an Administrator or the Site Owner creates a tariff; staff of the property read; no one else', async () => {
    t.clock.set(new Date());
    expect((await createTariff(tokens.managerA, { siteID: siteA, ...TARIFF })).status).toBe(403);
    expect((await createTariff(tokens.ownerB, { siteID: siteA, ...TARIFF })).status).toBe(403);
    expect((await call(routes.billing.tariffs, tokens.ownerB, { query: { siteID: siteA } })).status).toBe(403);
    expect((await call(routes.billing.tariffs, tokens.managerA, { query: { siteID: siteA } })).status).toBe(200);
  });

  it('refuses a moment in the past, blocks out of order, an unknown currency and money in floating point', async () => {
    t.clock.set(new Date());
    const refused = async (over: object) => {
      const res = await createTariff(tokens.ownerA, { siteID: siteA, ...TARIFF, ...over });
      expect(res.status, JSON.stringify(over)).toBe(400);
      return res.body.messageCode;
    };
    expect(await refused({ effectiveFrom: new Date(Date.now() - 3_600_000).toISOString() })).toBe('effectiveFromPast');
    expect(
      await refused({
        electricBlocks: [
          { upToKwh: '100', rate: '0.1' },
          { upToKwh: '50', rate: '0.2' },
        ],
      }),
    ).toBeTruthy();
    await refused({ currency: 'XYZ' });
    await refused({ electricRate: '0.1234567' });
    await refused({ electricRate: 1e-7 });
    await refused({ fees: [{ name: 'Fee', amount: '1.005', per: 'stay' }] });
    await refused({ taxes: [{ name: 'Tax', percent: '101', appliesTo: 'all' }] });
    await refused({ effectiveFrom: '2030-01-01T00:00:00' });
  });
});

describe('Property Settings', () => {
  it('its two rates write a version effective now, keeping the rest of the version in effect; the same rates write none', async () => {
    t.clock.set(new Date());
    const db = t.deps.db;
    const site = (await buildSite(db, (await buildBusiness(db)).id)).id;
    const versions = async () =>
      (await call<TariffVersion[]>(routes.billing.tariffs, tokens.admin, { query: { siteID: site } })).body.result;
    const save = (billingRate: number) =>
      call(routes.sites.saveSettings, tokens.admin, {
        body: {
          fk_SiteID: site,
          weekStart: 1,
          billingRate,
          waterBillingRate: 0.02,
          dayStart: '08:00',
          dayEnd: '20:00',
        },
      });
    expect((await save(0.2)).status).toBe(200);
    expect((await versions()).map((v) => [v.electricRate, v.waterRate])).toEqual([['0.2', '0.02']]);
    expect((await createTariff(tokens.admin, { siteID: site, ...TARIFF, waterRate: '0.02' })).status).toBe(200);
    expect((await save(0.15)).status).toBe(200);
    expect((await versions()).length).toBe(2);
    expect((await save(0.3)).status).toBe(200);
    const [newest] = await versions();
    expect(newest).toMatchObject({ electricRate: '0.3', waterRate: '0.02', minimumCharge: '20' });
    expect(newest!.fees.map((f) => f.name)).toEqual(['Pedestal', 'Booking']);
    expect(newest!.electricBlocks).toEqual([{ upToKwh: '50', rate: '0.1' }]);
  });
});

describe('a new property', () => {
  it('has its first version from its creation: version 1, in effect since the property was created', async () => {
    t.clock.set(new Date());
    const created = await call<{ siteID: number }>(routes.sites.create, tokens.admin, {
      body: {
        siteID: 0,
        fk_BusEntityID: (await buildBusiness(t.deps.db)).id,
        sitePublicName: 'Cedar Flats',
        physicalAddrLine1: '1 Cedar Road',
        physicalCity: 'Moab',
        physicalZip: '84532',
        fk_PhysicalStateID: 45,
        fk_PhysicalCountryID: 236,
        timeZone: 'America/Denver',
        defaultCheckoutTime: '11:00',
        billingRate: 0.2,
        waterBillingRate: 0.01,
        dayStart: '08:00',
        dayEnd: '20:00',
        weekStart: 1,
      },
    });
    expect(created.status).toBe(200);
    const site = created.body.result.siteID;
    t.clock.set(new Date(Date.now() + 60_000));
    expect((await createTariff(tokens.admin, { siteID: site, ...TARIFF })).status).toBe(200);
    const versions = (await call<TariffVersion[]>(routes.billing.tariffs, tokens.admin, { query: { siteID: site } }))
      .body.result;
    expect(versions.map((v) => [v.versionNumber, v.sinceCreation, v.electricRate])).toEqual([
      [2, false, '0.15'],
      [1, true, '0.2'],
    ]);
  });
});

describe('stays closed before statements existed', () => {
  it('get theirs frozen by the job, from the tariff in effect at their check-in', async () => {
    t.clock.set(new Date());
    const db = t.deps.db;
    const p = await pedestal(at('2026-10-01T00:00:00Z'), 14);
    const [stay] = await db
      .insert(stays)
      .values({
        locationId: p.loc.id,
        siteId: siteA,
        checkinAt: at('2026-11-01T12:00:00Z'),
        checkoutAt: at('2026-11-04T12:00:00Z'),
      })
      .returning();
    await db
      .insert(stayMeters)
      .values({ stayId: stay!.id, servicePointId: p.power.id, usage: '40', openingReading: '1' });
    const frozen = () => db.select({ total: stays.statementTotal }).from(stays).where(eq(stays.id, stay!.id));
    expect(await frozen()).toEqual([{ total: null }]);
    // the version of 30 October: 40 kWh in the first block at 0.10 = 4.00, topped up to 20.00;
    // 3 nights × 2.50 + 5.00 = 12.50; State 6.25 % of 32.50 = 2.03; Utility 3 % of 20.00 = 0.60
    expect(await settleStatements(t.job)).toBeGreaterThanOrEqual(1);
    expect(await frozen()).toEqual([{ total: '35.13' }]);
    expect(await settleStatements(t.job)).toBe(0);
  });
});
