import pino from 'pino';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  nextSlot,
  Role,
  routes,
  type CurrentStay,
  type HeldBackReading,
  type PublicStatement,
  type ReportRow,
  type StayStatement,
} from '@portal/contract';
import { auditLog, servicePointCapabilities, systemAlerts } from '../../db/schema';
import {
  buildBusiness,
  buildLocation,
  buildMeter,
  buildSite,
  buildUser,
  DEMO_TARIFF,
  saveTariff,
  signIn,
  tokenFor,
} from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { pdfText } from '../../test/pdf-text';
import { deviceEvents } from '../devices';
import { settleStatements } from './service';

/**
 * What the probe saw of bills (issue 27): a rise no meter can deliver is never billed, opening
 * and closing readings agree with usage whatever order readings come in, and a closed stay's
 * statement changes only by a revision that says why, kept beside the one it replaces.
 */

const MINUTE = 60_000;
const T0 = new Date('2026-11-20T18:00:00Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * MINUTE);

let t: TestApp;
let siteID = 0;
const users = { manager: 0, ownerB: 0 };
/** A token of a user as of the test clock's now. */
const as = (who: keyof typeof users) => tokenFor(t, users[who]);
let readings: ReturnType<typeof deviceEvents>['readings'];

beforeAll(async () => {
  t = await createTestApp();
  const db = t.deps.db;
  const business = await buildBusiness(db);
  const other = await buildBusiness(db);
  siteID = (await buildSite(db, business.id, { timeZone: 'America/Chicago' })).id;
  t.clock.set(new Date('2026-11-01T00:00:00Z'));
  // the demo's tariff: 0.12 a kWh, a pedestal fee of 1.50 a stay, a utility tax of 5 %
  const tariff = await saveTariff(t, await signIn(t, await buildUser(db, { roleId: Role.Administrator })), {
    siteID,
    ...DEMO_TARIFF,
  });
  expect(tariff.status).toBe(200);
  users.manager = (await buildUser(db, { roleId: Role.SiteManager, busEntityId: business.id, siteIds: [siteID] })).id;
  users.ownerB = (await buildUser(db, { roleId: Role.SiteOwner, busEntityId: other.id })).id;
  readings = deviceEvents(t.deps, pino({ level: 'silent' })).readings;
});
afterAll(() => t.close());

/** A pedestal with an electric meter (two relays), registered long before. */
async function pedestal() {
  const db = t.deps.db;
  const loc = await buildLocation(db, siteID);
  const meter = await buildMeter(db, { locationId: loc.id, slot: 1, createdAt: new Date('2026-10-01T00:00:00Z') });
  const relays = await db
    .insert(servicePointCapabilities)
    .values([2, 3].map((capabilityId) => ({ servicePointId: meter.id, capabilityId })))
    .returning();
  return { loc, meter, relays };
}

/** What the meter sends, as its device does, each when it is sent (the server's clock moved there). */
async function send(deviceKey: string, ...sent: Array<[number, string]>) {
  for (const [minutes, total] of sent) {
    t.clock.set(at(Math.max(minutes, 0) + 1));
    expect(await readings([{ deviceKey, readAt: at(minutes), total }]), `${total} at ${minutes}`).toEqual([]);
  }
}

async function checkIn(p: Awaited<ReturnType<typeof pedestal>>, minutes: number): Promise<number> {
  t.clock.set(at(minutes));
  const res = await t.call<{ stayID: number }>({
    method: 'POST',
    url: routes.stays.checkIn.path,
    token: await as('manager'),
    payload: {
      locationID: p.loc.id,
      autoCheckoutDateTime: nextSlot(at(minutes + 3 * 24 * 60)).toISOString(),
      servicePointCapabilities: p.relays.map((r) => ({ servicePointCapabilityID: r.id, status: 1 })),
      guest: { mobileNumber: '(555) 010-4242', firstName: 'Dana', lastName: 'Reyes' },
    },
  });
  expect([200, 410]).toContain(res.status);
  return res.body.result.stayID;
}

async function checkOut(p: Awaited<ReturnType<typeof pedestal>>, minutes: number) {
  t.clock.set(at(minutes));
  const res = await t.call({
    method: 'POST',
    url: `${routes.stays.checkOut.path}?locationID=${p.loc.id}`,
    token: await as('manager'),
  });
  expect([200, 410]).toContain(res.status);
}

const statementOf = async (stayID: number, revision?: number) =>
  (
    await t.call<StayStatement>({
      method: 'GET',
      url: routes.billing.statement.path,
      token: await as('manager'),
      query: { stayID: String(stayID), ...(revision ? { revision: String(revision) } : {}) },
    })
  ).body.result;

const guestPage = async (s: StayStatement) =>
  (
    await t.call<PublicStatement>({
      method: 'GET',
      url: routes.billing.publicStatement.path,
      query: { token: s.publicUrl!.split('/').at(-1)! },
    })
  ).body.result;

const figures = (s: PublicStatement) =>
  s.meters.map((m) => [m.openingReading, m.closingReading, m.usage, m.underReview]).concat([[s.total]]);

describe('the probe’s readings', () => {
  it('bills 1031, 999999, 1032, 1033 after 1030.25 as 2.75 kWh: $1.85, on the staff page, the guest link and the report', async () => {
    const p = await pedestal();
    await send(p.meter.deviceKey, [-15, '1030.25']);
    const stayID = await checkIn(p, 0);
    await send(p.meter.deviceKey, [15, '1031'], [30, '999999'], [45, '1032'], [60, '1033']);
    await checkOut(p, 75);
    const staff = await statementOf(stayID);
    // 2.75 × 0.12 = 0.33; the tax 5 % of 0.33 = 0.0165 → 0.02; the fee 1.50
    expect(figures(staff)).toEqual([['1030.25', '1033', '2.75', 0], ['1.85']]);
    expect(staff.lines.map((l) => [l.description, l.amount])).toEqual([
      ['Electricity (kWh)', '0.33'],
      ['Pedestal service', '1.50'],
      ['Utility tax', '0.02'],
    ]);
    expect(figures(await guestPage(staff))).toEqual(figures(staff));
    const report = await t.call<ReportRow[]>({
      method: 'GET',
      url: routes.reports.records.path,
      token: await as('manager'),
      query: {
        ReportID: '1',
        SiteID: String(siteID),
        StoredProcedureCalled: 'usage_by_location',
        PeriodStartDate: '2026-11-20 00:00',
        EndDate: '2026-11-20 23:59',
        LocationDescription: '',
      },
    });
    expect(report.body.result.filter((r) => r.Meter === p.meter.name).map((r) => r.Usage)).toEqual([2.75]);
  });

  it('opens a stay at the level before check-in, even when that reading arrives after check-in: 1020.5 → 1030.25 is 9.75', async () => {
    const p = await pedestal();
    await send(p.meter.deviceKey, [-60, '1000']);
    const stayID = await checkIn(p, 0);
    await send(p.meter.deviceKey, [-10, '1020.5'], [30, '1025'], [60, '1030.25']);
    const current = await t.call<CurrentStay>({
      method: 'GET',
      url: `${routes.stays.current.path}?locationID=${p.loc.id}`,
      token: await as('manager'),
    });
    expect(current.body.result?.meters.map((m) => [m.openingReading, m.currentReading, m.usage])).toEqual([
      [1020.5, 1030.25, 9.75],
    ]);
    expect(figures(await statementOf(stayID))[0]).toEqual(['1020.5', '1030.25', '9.75', 0]);
    await checkOut(p, 70);
    expect(figures(await statementOf(stayID))[0]).toEqual(['1020.5', '1030.25', '9.75', 0]);
  });
});

describe('statements are revised, never changed in place', () => {
  /** A stay whose last reading before check-out is a rise no meter delivers: 2000 → 2001 → 987654. */
  async function stayWithSuspect() {
    const p = await pedestal();
    await send(p.meter.deviceKey, [-15, '2000']);
    const stayID = await checkIn(p, 0);
    await send(p.meter.deviceKey, [15, '2001'], [30, '987654']);
    await checkOut(p, 40);
    return { p, stayID };
  }

  const decide = (what: 'confirmReading' | 'discardReading', token: string, body: object) =>
    t.call({ method: 'POST', url: routes.billing[what].path, token, payload: body });

  it('freezes what is certain at check-out and holds the suspect rise under review, with an alert', async () => {
    const { p, stayID } = await stayWithSuspect();
    const s = await statementOf(stayID);
    // 1 × 0.12 = 0.12; the tax 0.006 → 0.01; the fee 1.50
    expect(figures(s)).toEqual([['2000', '2001', '1', 1], ['1.63']]);
    expect(s.meters[0]!.events).toEqual([
      { at: at(30).toISOString(), kind: 'suspect', reading: '987654', previous: '2001' },
    ]);
    expect([s.revision, s.revisedAt, s.revisionReason, s.changes]).toEqual([1, null, null, []]);
    const held = await t.call<HeldBackReading[]>({
      method: 'GET',
      url: `${routes.billing.heldBack.path}?locationID=${p.loc.id}`,
      token: await as('manager'),
    });
    expect(held.body.result).toEqual([
      {
        servicePointID: p.meter.id,
        servicePointName: p.meter.name,
        unit: 'kWh',
        readDateTime: at(30).toISOString(),
        reading: '987654',
        previousReading: '2001',
        rise: '985653',
      },
    ]);
    const [alert] = await t.deps.db
      .select()
      .from(systemAlerts)
      .where(and(eq(systemAlerts.servicePointId, p.meter.id), isNull(systemAlerts.resolvedAt)));
    expect(alert).toMatchObject({ kind: 'suspectRise', params: { total: 987654, reference: 2001, rise: 985653 } });
  });

  it('makes a confirmed rise revision 2, with its reason and what changed, on the staff page and the guest link', async () => {
    // the test clock runs on from where it is set
    const revisedThen = expect.stringMatching(/^2026-11-21T18:00:/) as string;
    const { p, stayID } = await stayWithSuspect();
    const first = await statementOf(stayID);
    t.clock.set(at(24 * 60));
    const body = { servicePointID: p.meter.id, readDateTime: at(30).toISOString() };
    expect((await decide('confirmReading', await as('ownerB'), body)).status).toBe(403);
    const res = await decide('confirmReading', await as('manager'), body);
    expect([res.status, res.body.message]).toEqual([200, 'The reading has been confirmed: its usage counts.']);

    const s = await statementOf(stayID);
    // 985654 × 0.12 = 118278.48; the tax 5 % = 5913.924 → 5913.92; the fee 1.50
    expect(figures(s)).toEqual([['2000', '987654', '985654', 0], ['124193.90']]);
    expect([s.revision, s.revisedAt, s.revisionReason]).toEqual([2, revisedThen, 'readingConfirmed']);
    expect(s.changes).toEqual(
      expect.arrayContaining([
        { item: p.meter.name, field: 'usage', before: '1', after: '985654' },
        { item: p.meter.name, field: 'underReview', before: '1', after: '0' },
        { item: '', field: 'total', before: '1.63', after: '124193.90' },
      ]),
    );
    expect(s.revisions).toEqual([
      { revision: 2, revisedAt: revisedThen, revisionReason: 'readingConfirmed', total: '124193.90' },
      { revision: 1, revisedAt: null, revisionReason: null, total: '1.63' },
    ]);
    // the first revision is kept as it was
    const kept = await statementOf(stayID, 1);
    expect(figures(kept)).toEqual(figures(first));
    expect(kept.revisions).toEqual(s.revisions);
    const pdf = await t.app.inject({
      method: 'GET',
      url: routes.billing.statementPdf.path,
      query: { stayID: String(stayID) },
      headers: { authorization: `Bearer ${await as('manager')}` },
    });
    expect(pdfText(pdf.rawPayload)).toContain('Revised after check-out: revision 2');
    const guest = await guestPage(s);
    expect([guest.revision, guest.revisedAt, guest.revisionReason, guest.total]).toEqual([
      2,
      revisedThen,
      'readingConfirmed',
      '124193.90',
    ]);
    const audited = await t.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(stayID)));
    expect(audited.map((a) => [a.action, a.after])).toContainEqual([
      'reviseStatement',
      { revision: 2, total: '124193.90', reason: 'readingConfirmed' },
    ]);
    const open = await t.deps.db
      .select()
      .from(systemAlerts)
      .where(and(eq(systemAlerts.servicePointId, p.meter.id), isNull(systemAlerts.resolvedAt)));
    expect(open).toEqual([]);
  });

  it('revises a stay when a discarded reading leaves nothing under review, and when a late reading decides one', async () => {
    const discarded = await stayWithSuspect();
    t.clock.set(at(24 * 60));
    const body = { servicePointID: discarded.p.meter.id, readDateTime: at(30).toISOString() };
    expect((await decide('discardReading', await as('manager'), body)).status).toBe(200);
    const s = await statementOf(discarded.stayID);
    expect([figures(s), s.revision, s.revisionReason]).toEqual([
      [['2000', '2001', '1', 0], ['1.63']],
      2,
      'readingDiscarded',
    ]);
    // decided already: a second decision is refused
    expect((await decide('confirmReading', await as('manager'), body)).status).toBe(400);

    // the meter's next reading, after check-out, is back on the line: the rise was a glitch
    const late = await stayWithSuspect();
    await send(late.p.meter.deviceKey, [50, '2002']);
    expect(await settleStatements(t.job)).toBeGreaterThanOrEqual(1);
    const r = await statementOf(late.stayID);
    expect([figures(r), r.revision, r.revisionReason]).toEqual([
      [['2000', '2001', '1', 0], ['1.63']],
      2,
      'lateReading',
    ]);
    expect(r.meters[0]!.events).toEqual([]);
    expect(await settleStatements(t.job)).toBe(0);
  });

  it("walks a meter's readings again when it gets its own rate, revising the stays they change (Administrators only)", async () => {
    const { p, stayID } = await stayWithSuspect();
    t.clock.set(at(24 * 60));
    const body = { servicePointID: p.meter.id, maxRatePerHour: '4000000' };
    const setRate = (token: string) =>
      t.call({ method: 'PUT', url: routes.meters.setMaxRate.path, token, payload: body });
    expect((await setRate(await as('manager'))).status).toBe(403);
    const admin = await buildUser(t.deps.db, { roleId: Role.Administrator });
    expect((await setRate(await tokenFor(t, admin.id))).status).toBe(200);
    expect(await settleStatements(t.job)).toBeGreaterThanOrEqual(1);
    const s = await statementOf(stayID);
    expect([figures(s)[0], s.revision, s.revisionReason]).toEqual([
      ['2000', '987654', '985654', 0],
      2,
      'meterRateChanged',
    ]);
  });
});
