import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { Role, type StayHistoryRow } from '@portal/contract';
import { rows } from '../../db/client';
import { dailyUsage, servicePoints, stayMeters, stays, systemAlerts } from '../../db/schema';
import { buildBusiness, buildLocation, buildMeter, buildSite, buildUser, signIn } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { recordReadings } from './readings';
import { usageBetween } from './usage';

/** What the meters sent that went wrong in the field: each case as the issue saw it. */

let t: TestApp;
let token = '';
let siteId = 0;

beforeAll(async () => {
  t = await createTestApp();
  const business = await buildBusiness(t.deps.db);
  siteId = (await buildSite(t.deps.db, business.id, { timeZone: 'UTC' })).id;
  token = await signIn(t, await buildUser(t.deps.db, { roleId: Role.Administrator }));
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const base = Date.parse('2026-11-10T00:00:00Z');

/** A meter on a new location, registered the day before `base`. */
async function meterOnLocation(deviceTypeId = 1) {
  const location = await buildLocation(t.deps.db, siteId);
  const createdAt = new Date(base - 24 * HOUR);
  const built = await buildMeter(t.deps.db, { locationId: location.id, slot: 1, deviceTypeId, createdAt });
  return { ...built, locationId: location.id };
}
const meter = async () => (await meterOnLocation()).id;
const reading = (servicePointId: number, hours: number, total: string, isReset = false) => ({
  servicePointId,
  readAt: new Date(base + hours * HOUR),
  total,
  isReset,
});

async function figures(id: number) {
  const [sp] = await t.deps.db.select().from(servicePoints).where(eq(servicePoints.id, id));
  const days = await t.deps.db
    .select({ day: dailyUsage.day, usage: dailyUsage.usage, totalBefore: dailyUsage.totalBefore })
    .from(dailyUsage)
    .where(eq(dailyUsage.servicePointId, id))
    .orderBy(asc(dailyUsage.day));
  return { usageTotal: sp!.usageTotal, lastReading: sp!.lastReading, lastReadingAt: sp!.lastReadingAt, days };
}

async function usageOver(id: number, fromHours: number, toHours: number) {
  const [row] = await rows<{ usage: string | null }>(
    t.deps.db,
    usageBetween(
      sql`${id}::int`,
      sql`${new Date(base + fromHours * HOUR)}::timestamptz`,
      sql`${new Date(base + toHours * HOUR)}::timestamptz`,
    ),
  );
  return row!.usage;
}

describe('readings the meters got wrong', () => {
  it('never stores a total that is not a number, so the dashboard and the locations table keep answering', async () => {
    const id = await meter();
    await recordReadings(t.deps.db, [reading(id, 0, '100')]);
    for (const total of ['NaN', 'Infinity', '-1', '1000000000000'])
      await expect(recordReadings(t.deps.db, [reading(id, 1, total)]), total).rejects.toThrow();
    expect((await figures(id)).usageTotal).toBe('0.000000');
    for (const url of ['/api/GetRealtimeStats', '/api/Report/DashboardStats', '/api/Dashboard/UsageBySite'])
      expect((await t.call({ method: 'GET', url, token })).status, url).toBe(200);
    const table = await t.call({
      method: 'GET',
      url: `/api/GetAllLocationsWithMetersBySiteID?siteID=${siteId}`,
      token,
    });
    expect(table.status).toBe(200);
  });

  it('keeps counting after a reading stamped a year ahead: the latest reading is the latest in time', async () => {
    const id = await meter();
    await recordReadings(t.deps.db, [reading(id, 0, '100')]);
    await recordReadings(t.deps.db, [reading(id, 365 * 24, '200')]);
    await recordReadings(t.deps.db, [reading(id, 1, '110')]);
    await recordReadings(t.deps.db, [reading(id, 2, '120')]);
    const f = await figures(id);
    expect(f.days.find((d) => d.day === '2026-11-10')?.usage).toBe('20.000000');
    expect(f.usageTotal).toBe('100.000000'); // 10 + 10, then 80 up to the reading a year ahead
    expect(f.lastReading).toBe('200.000000');
    expect(f.lastReadingAt).toEqual(new Date(base + 365 * 24 * HOUR));
    expect(await usageOver(id, 0, 3)).toBe('20.000000');
  });

  it('counts a one-off low total as nothing and the rise after it from the last good total: 60 → 10 → 61 is +1', async () => {
    const id = await meter();
    await recordReadings(t.deps.db, [reading(id, 0, '60')]);
    await recordReadings(t.deps.db, [reading(id, 1, '10')]);
    await recordReadings(t.deps.db, [reading(id, 2, '61')]);
    const f = await figures(id);
    expect(f.usageTotal).toBe('1.000000');
    expect(f.days.map((d) => d.usage)).toEqual(['1.000000']);
    expect(await usageOver(id, 0, 3)).toBe('1.000000');
  });

  it('counts a reading that arrives late as if it had come in time', async () => {
    const inOrder = await meter();
    const late = await meter();
    const series = (id: number) => [
      reading(id, 10, '100'),
      reading(id, 20, '130'),
      reading(id, 30, '150'), // the next day (UTC)
      reading(id, 40, '185'),
    ];
    await recordReadings(t.deps.db, series(inOrder));
    const [a, b, c, d] = series(late);
    await recordReadings(t.deps.db, [a!, d!]);
    await recordReadings(t.deps.db, [c!]);
    await recordReadings(t.deps.db, [b!]);
    const want = await figures(inOrder);
    expect(want.days.map((x) => x.usage)).toEqual(['30.000000', '55.000000']);
    expect(await figures(late)).toEqual(want);
    expect(await usageOver(late, 15, 35)).toBe('50.000000');
  });
});

describe('what a meter went through, told', () => {
  it('raises one open alert a meter for a glitch, a new baseline, a rollover and a suspect rise, with what was read', async () => {
    const { id } = await meterOnLocation();
    await recordReadings(t.deps.db, [reading(id, 0, '9960'), reading(id, 1, '9910'), reading(id, 2, '9961')]);
    await recordReadings(t.deps.db, [reading(id, 3, '9962'), reading(id, 4, '9907')]);
    await recordReadings(t.deps.db, [reading(id, 5, '9909'), reading(id, 14, '9999.5'), reading(id, 15, '0.25')]);
    await recordReadings(t.deps.db, [
      reading(id, 16, '1'),
      reading(id, 17, '2'),
      reading(id, 18, '0.5'),
      reading(id, 19, '3'),
      reading(id, 20, '9000'),
    ]);
    const alerts = await t.deps.db
      .select({ kind: systemAlerts.kind, params: systemAlerts.params, siteId: systemAlerts.siteId })
      .from(systemAlerts)
      .where(eq(systemAlerts.servicePointId, id))
      .orderBy(asc(systemAlerts.kind));
    const at = (h: number) => `2026-11-10T${String(h).padStart(2, '0')}:00:00Z`;
    expect(alerts).toEqual([
      { kind: 'meterBaseline', params: { total: 9907, at: at(4), reference: 9962, usage: 0 }, siteId },
      // the first glitch raised the alert; the second (0.5 at 18:00) found it open
      { kind: 'meterGlitch', params: { total: 9910, at: at(1), reference: 9960, usage: 0 }, siteId },
      { kind: 'meterRollover', params: { total: 0.25, at: at(15), reference: 9999.5, usage: 0.75 }, siteId },
      { kind: 'suspectRise', params: { total: 9000, at: at(20), reference: 3, usage: 0, rise: 8997 }, siteId },
    ]);
    // 9961 and 9962 from 9960 (the glitch passed over), 9909 from 9907, 9999.5 (+90.5 over nine hours),
    // the rollover (+0.75), 1, 2, and 3 from 2 (the glitch 0.5 passed over); 9000 an hour after 3: nothing yet
    expect((await figures(id)).usageTotal).toBe('98.000000');
  });

  it('moves an alert off a reading that late readings show was not of its kind, to the one that is, or resolves it', async () => {
    const { id } = await meterOnLocation();
    const open = async () =>
      (
        await t.deps.db
          .select({ kind: systemAlerts.kind, params: systemAlerts.params })
          .from(systemAlerts)
          .where(and(eq(systemAlerts.servicePointId, id), isNull(systemAlerts.resolvedAt)))
          .orderBy(asc(systemAlerts.kind))
      ).map((a) => [a.kind, a.params]);
    const at = (h: number) => `2026-11-10T${String(h).padStart(2, '0')}:00:00Z`;
    // a meter replaced at 2:00 by one reading 5000: its readings come newest first
    await recordReadings(t.deps.db, [reading(id, 0, '100'), reading(id, 4, '5002')]);
    await recordReadings(t.deps.db, [reading(id, 3, '5001')]);
    expect(await open()).toEqual([['meterBaseline', { total: 5001, at: at(3), reference: 100, usage: 0 }]]);
    await recordReadings(t.deps.db, [reading(id, 2, '5000')]);
    expect(await open()).toEqual([['meterBaseline', { total: 5000, at: at(2), reference: 100, usage: 0 }]]);
    // the reading before it is measured from changes too
    await recordReadings(t.deps.db, [reading(id, 1, '101')]);
    expect(await open()).toEqual([['meterBaseline', { total: 5000, at: at(2), reference: 101, usage: 0 }]]);

    // 6:00 alone looks like a one-off low total, until 5:00 shows the meter went on lower from there
    const other = (await meterOnLocation()).id;
    await recordReadings(t.deps.db, [reading(other, 0, '100'), reading(other, 6, '91'), reading(other, 7, '101')]);
    await recordReadings(t.deps.db, [reading(other, 5, '90')]);
    const kinds = await t.deps.db
      .select({ kind: systemAlerts.kind, resolved: systemAlerts.resolvedAt })
      .from(systemAlerts)
      .where(eq(systemAlerts.servicePointId, other))
      .orderBy(asc(systemAlerts.kind));
    expect(kinds.map((k) => [k.kind, k.resolved !== null])).toEqual([
      ['meterBaseline', false],
      ['meterGlitch', true],
    ]);
  });

  it('shows resets, replaced meters and rollovers in the location history, under the stay they fall in or follow', async () => {
    const m = await meterOnLocation(6);
    const stay = async (from: number, to: number | null) => {
      const [row] = await t.deps.db
        .insert(stays)
        .values({
          locationId: m.locationId,
          siteId,
          checkinAt: new Date(base + from * HOUR),
          checkoutAt: to === null ? null : new Date(base + to * HOUR),
        })
        .returning();
      await t.deps.db.insert(stayMeters).values({ stayId: row!.id, servicePointId: m.id });
      return row!.id;
    };
    const first = await stay(0, 10);
    const second = await stay(20, null);
    await recordReadings(t.deps.db, [reading(m.id, -1, '500'), reading(m.id, 2, '510'), reading(m.id, 3, '4')]);
    await recordReadings(t.deps.db, [reading(m.id, 4, '6'), reading(m.id, 12, '8')]);
    t.clock.set(new Date(base + 15 * HOUR));
    const reset = await t.call({
      method: 'POST',
      url: '/api/AddManualMeterReading',
      token,
      payload: { deviceKey: m.deviceKey, kwHTotal: '99990', overrideConfirmation: true },
    });
    t.clock.set(new Date());
    expect(reset.status).toBe(200);
    await recordReadings(t.deps.db, [reading(m.id, 21, '99995'), reading(m.id, 22, '3'), reading(m.id, 23, '4')]);
    const history = await t.call<StayHistoryRow[]>({
      method: 'GET',
      url: `/api/GetStayTransactionsUsageByLocationID?locationID=${m.locationId}`,
      token,
    });
    const iso = (h: number) => new Date(base + h * HOUR).toISOString();
    const event = (h: number, kind: string, reading: number, previousReading: number) => ({
      // the reset is read at the clock's now, a few milliseconds past the hour
      readDateTime: expect.stringMatching(new RegExp(`^${iso(h).slice(0, 16)}`)) as string,
      servicePointName: m.name,
      kind,
      reading,
      previousReading,
    });
    expect(history.body.result.map((r) => [r.stayID, r.meterEvents])).toEqual([
      [second, [event(22, 'rollover', 3, 99995)]],
      [first, [event(15, 'reset', 99990, 8), event(3, 'baseline', 4, 510)]],
    ]);
  });
});

describe('a reading reset by hand', () => {
  it('asks before a total a millionth below the latest, however large (compared exactly)', async () => {
    const m = await meterOnLocation(6);
    await recordReadings(t.deps.db, [reading(m.id, 0, '999999999999.999999')]);
    const res = await t.call<{ overrideConfirmation: boolean }>({
      method: 'POST',
      url: '/api/AddManualMeterReading',
      token,
      payload: { deviceKey: m.deviceKey, kwHTotal: '999999999999.999998' },
    });
    expect(res.body.result.overrideConfirmation).toBe(true);
    expect((await figures(m.id)).lastReading).toBe('999999999999.999999');
  });
});
