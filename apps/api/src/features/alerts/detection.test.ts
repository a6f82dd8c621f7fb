import fc from 'fast-check';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { dailyUsage, hourlyUsage, locations, servicePoints, siteSettings, stays } from '../../db/schema';
import { buildBusiness, buildLocation, buildMeter, buildSite } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { flagUnbilledUsage } from '../devices';
import { recordReadings } from '../meters';
import { detectAbnormalUse, detectLeaks, detectNightFlow, detectVacantDraw, pruneHourlyUsage } from './detection';
import { THRESHOLDS } from './thresholds';

/**
 * Each rule raises one alert for its condition and none for a near miss, resolves (by itself:
 * no one resolved it) when the condition clears, and reads each property's thresholds and time
 * zone. The rules read the roll-ups, so most cases write hourly_usage and daily_usage directly.
 */

let t: TestApp;
let busEntityId = 0;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const WATER = 7;
const ELECTRIC = 1;

beforeAll(async () => {
  t = await createTestApp();
  busEntityId = (await buildBusiness(t.deps.db)).id;
});
afterAll(() => t.close());

type Settings = Partial<typeof siteSettings.$inferInsert>;

/** A meter on a vacant location of a new property with these thresholds (none: no settings row). */
async function meterAt(deviceTypeId: number, o: { timeZone?: string; settings?: Settings } = {}) {
  const db = t.deps.db;
  const site = await buildSite(db, busEntityId, { timeZone: o.timeZone ?? 'UTC' });
  if (o.settings) await db.insert(siteSettings).values({ siteId: site.id, ...o.settings });
  const location = await buildLocation(db, site.id);
  const meter = await buildMeter(db, { locationId: location.id, slot: 1, deviceTypeId });
  return { siteId: site.id, locationId: location.id, id: meter.id };
}

async function hours(sp: number, from: number, usages: number[]) {
  const values = usages
    .map((u, i) => ({ servicePointId: sp, hour: new Date(from + i * HOUR), usage: String(u) }))
    .filter((v) => v.usage !== '0');
  if (values.length) await t.deps.db.insert(hourlyUsage).values(values);
}

async function days(sp: number, firstDay: string, usages: number[]) {
  const start = Date.parse(`${firstDay}T00:00:00Z`);
  await t.deps.db.insert(dailyUsage).values(
    usages.map((u, i) => ({
      servicePointId: sp,
      day: new Date(start + i * DAY).toISOString().slice(0, 10),
      usage: String(u),
      totalBefore: '0',
      firstReading: '0',
      lastReading: String(u),
      lastReadAt: new Date(start + i * DAY + 12 * HOUR),
    })),
  );
}

type AlertRow = {
  kind: string;
  params: Record<string, string | number>;
  site_id: number;
  created_at: Date | string;
  resolved_at: Date | string | null;
  resolved_by: number | null;
};
const alertsOf = (sp: number, kind: string) =>
  rows<AlertRow>(
    t.deps.db,
    sql`select kind, params, site_id, created_at, resolved_at, resolved_by from system_alerts
      where service_point_id = ${sp} and kind = ${kind} order by id`,
  );
const openOf = async (sp: number, kind: string) => (await alertsOf(sp, kind)).filter((a) => a.resolved_at === null);

const checkIn = (locationId: number, siteId: number, at: Date) =>
  Promise.all([
    t.deps.db.insert(stays).values({ locationId, siteId, checkinAt: at }),
    t.deps.db
      .update(locations)
      .set({ isCheckedIn: true })
      .where(sql`id = ${locationId}`),
  ]);

const BASE = Date.parse('2026-06-01T00:00:00Z');

describe('leak: water in each of the last hours', () => {
  it('raises exactly when every one of the last leak_hours complete hours reached the threshold', async () => {
    // hourly usages near the threshold, in hundredths of a gallon
    const usage = fc.constantFrom<number>(0, 0, 50, 99, 100, 101, 150, 400);
    await fc.assert(
      fc.asyncProperty(
        fc.array(usage, { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 2, max: 6 }),
        fc.constantFrom(100, 150),
        fc.integer({ min: 0, max: 59 }),
        async (series, leakHours, threshold, minute) => {
          const m = await meterAt(WATER, {
            settings: { leakHours, leakGallonsPerHour: String(threshold / 100) },
          });
          await hours(
            m.id,
            BASE,
            series.map((u) => u / 100),
          );
          // the hour after the series is under way: the series' hours are the complete ones
          const now = new Date(BASE + series.length * HOUR + minute * 60_000);
          await detectLeaks(t.deps.db, now);
          await detectLeaks(t.deps.db, now);
          const last = series.slice(-leakHours);
          const leaking = last.length === leakHours && last.every((u) => u >= threshold);
          const open = await openOf(m.id, 'leak');
          expect(open.length).toBe(leaking ? 1 : 0);
          if (leaking) {
            const sum = last.reduce((a, b) => a + b, 0) / 100;
            expect(open[0]!.params).toEqual({ hours: leakHours, usage: Math.round(sum * 10) / 10 });
            expect(open[0]!.site_id).toBe(m.siteId);
            expect(new Date(open[0]!.created_at)).toEqual(now);
          }
        },
      ),
      { numRuns: 60 },
    );
  }, 120_000);

  it('resolves by itself once a complete hour had less, and raises again only after leak_hours more', async () => {
    const m = await meterAt(WATER); // no settings row: 1 gal an hour for 24 hours
    await hours(m.id, BASE, Array(24).fill(1.2));
    await detectLeaks(t.deps.db, new Date(BASE + 23 * HOUR + 30 * 60_000));
    expect(await openOf(m.id, 'leak')).toHaveLength(0); // 23 complete hours
    await detectLeaks(t.deps.db, new Date(BASE + 24 * HOUR + 5 * 60_000));
    expect((await openOf(m.id, 'leak'))[0]!.params).toEqual({ hours: 24, usage: 28.8 });
    // the hour under way is not judged yet; the next one, complete and flowing, keeps it open
    await hours(m.id, BASE + 24 * HOUR, [1]);
    await detectLeaks(t.deps.db, new Date(BASE + 25 * HOUR + 1));
    expect(await openOf(m.id, 'leak')).toHaveLength(1);
    // an hour of 0.5 gallons (or none at all) clears it
    await hours(m.id, BASE + 25 * HOUR, [0.5, 1, 1]);
    await detectLeaks(t.deps.db, new Date(BASE + 28 * HOUR));
    expect(await alertsOf(m.id, 'leak')).toHaveLength(1);
    const [alert] = await alertsOf(m.id, 'leak');
    expect(new Date(alert!.resolved_at!)).toEqual(new Date(BASE + 28 * HOUR));
    expect(alert!.resolved_by).toBeNull();
    expect(await openOf(m.id, 'leak')).toHaveLength(0);
  });

  it('leaves meters out of monitoring, on deleted locations and at archived properties alone', async () => {
    const excluded = await meterAt(WATER);
    await t.deps.db.execute(sql`update service_points set exclude_from_monitoring = true where id = ${excluded.id}`);
    const deleted = await meterAt(WATER);
    await t.deps.db.execute(sql`update locations set deleted = true where id = ${deleted.locationId}`);
    const archived = await meterAt(WATER);
    await t.deps.db.execute(sql`update sites set deleted_at = now() where id = ${archived.siteId}`);
    for (const m of [excluded, deleted, archived]) await hours(m.id, BASE, Array(30).fill(5));
    await detectLeaks(t.deps.db, new Date(BASE + 30 * HOUR));
    for (const m of [excluded, deleted, archived]) expect(await alertsOf(m.id, 'leak')).toHaveLength(0);
  });

  it('is raised from readings as they arrive: the hourly roll-up feeds it', async () => {
    const m = await meterAt(WATER, { settings: { leakHours: 3, leakGallonsPerHour: '0.8' } });
    // a reading every 15 minutes, 0.3 gallons each: 1.2 an hour
    const readings = Array.from({ length: 4 * 3 + 1 }, (_, k) => ({
      servicePointId: m.id,
      readAt: new Date(BASE + k * 15 * 60_000),
      total: (100 + 0.3 * k).toFixed(1),
      isReset: false,
    }));
    await recordReadings(t.deps.db, readings.reverse());
    await detectLeaks(t.deps.db, new Date(BASE + 3 * HOUR + 60_000));
    // the first hour holds the readings at :15, :30 and :45 (the one at 00:00 starts the meter)
    expect((await openOf(m.id, 'leak'))[0]!.params).toEqual({ hours: 3, usage: 3.3 });
  });
});

describe('night flow: water between 00:00 and 06:00 local at a vacant location', () => {
  it('counts the night in local time, 5 hours on the spring-forward day and 7 on the fall-back day', async () => {
    const zone = 'America/New_York';
    // a gallon every UTC hour around each night: the night's usage is its length in hours
    for (const [day, from, length] of [
      ['2026-03-08', '2026-03-08T05:00:00Z', 5],
      ['2026-11-01', '2026-11-01T04:00:00Z', 7],
      ['2026-06-10', '2026-06-10T04:00:00Z', 6],
    ] as const) {
      const under = await meterAt(WATER, { timeZone: zone, settings: { nightFlowGallons: String(length) } });
      const over = await meterAt(WATER, { timeZone: zone, settings: { nightFlowGallons: String(length - 0.5) } });
      for (const m of [under, over]) await hours(m.id, Date.parse(from) - 3 * HOUR, Array(length + 6).fill(1));
      // at 05:59 local the night is not over: the rule looks at the night before (none)
      const end = Date.parse(from) + length * HOUR;
      await detectNightFlow(t.deps.db, new Date(end - 60_000));
      expect(await alertsOf(over.id, 'nightFlow'), day).toHaveLength(0);
      await detectNightFlow(t.deps.db, new Date(end + 60_000));
      expect(await openOf(under.id, 'nightFlow'), day).toHaveLength(0);
      expect((await openOf(over.id, 'nightFlow'))[0]!.params, day).toEqual({ usage: length, day });
      // later that day, again: once a meter and night
      await detectNightFlow(t.deps.db, new Date(end + 10 * HOUR));
      expect(await alertsOf(over.id, 'nightFlow'), day).toHaveLength(1);
    }
  });

  it('resolves on check-in, and is not raised again for that night after check-out', async () => {
    const m = await meterAt(WATER);
    await hours(m.id, BASE, Array(6).fill(2));
    const morning = new Date(BASE + 7 * HOUR);
    await detectNightFlow(t.deps.db, morning);
    expect(await openOf(m.id, 'nightFlow')).toHaveLength(1);
    await checkIn(m.locationId, m.siteId, new Date(BASE + 8 * HOUR));
    await detectNightFlow(t.deps.db, new Date(BASE + 9 * HOUR));
    expect(await openOf(m.id, 'nightFlow')).toHaveLength(0);
    await t.deps.db.execute(
      sql`update stays set checkout_at = ${new Date(BASE + 10 * HOUR)} where location_id = ${m.locationId}`,
    );
    await t.deps.db
      .update(locations)
      .set({ isCheckedIn: false })
      .where(sql`id = ${m.locationId}`);
    await detectNightFlow(t.deps.db, new Date(BASE + 11 * HOUR));
    expect(await alertsOf(m.id, 'nightFlow')).toHaveLength(1);
  });

  it('is not raised for a night a guest spent there, nor while a leak alert is open; resolves after a quiet night', async () => {
    const stayed = await meterAt(WATER);
    await t.deps.db.insert(stays).values({
      locationId: stayed.locationId,
      siteId: stayed.siteId,
      checkinAt: new Date(BASE - 10 * HOUR),
      checkoutAt: new Date(BASE + 2 * HOUR),
    });
    await hours(stayed.id, BASE, Array(6).fill(2));
    const leaking = await meterAt(WATER, { settings: { leakHours: 2 } });
    await hours(leaking.id, BASE - 2 * HOUR, Array(8).fill(2));
    await detectLeaks(t.deps.db, new Date(BASE + 6 * HOUR + 60_000));
    const quiet = await meterAt(WATER);
    await hours(quiet.id, BASE, Array(6).fill(2));
    await detectNightFlow(t.deps.db, new Date(BASE + 7 * HOUR));
    expect(await alertsOf(stayed.id, 'nightFlow')).toHaveLength(0);
    expect(await alertsOf(leaking.id, 'nightFlow')).toHaveLength(0);
    expect(await openOf(quiet.id, 'nightFlow')).toHaveLength(1);
    // the next night: 5 gallons is not more than 5
    await hours(quiet.id, BASE + DAY, [1, 1, 1, 1, 1, 0]);
    await detectNightFlow(t.deps.db, new Date(BASE + DAY + 7 * HOUR));
    const [alert] = await alertsOf(quiet.id, 'nightFlow');
    expect(alert!.resolved_at).not.toBeNull();
    expect(alert!.resolved_by).toBeNull();
  });
});

describe('abnormal use: a day above a multiple of the median of the 30 before', () => {
  /** The rule's model: the median of the active days (1 kWh or more), given 7 of them. */
  function model(history: number[], day: number, multiple: number): boolean {
    const active = history.filter((u) => u >= 1).sort((a, b) => a - b);
    if (active.length < 7) return false;
    const mid = active.length / 2;
    const median = active.length % 2 ? active[Math.floor(mid)]! : (active[mid - 1]! + active[mid]!) / 2;
    return day > multiple * median;
  }

  it('raises exactly when the last complete local day is above the multiple of the median', async () => {
    const kwh = fc.constantFrom<number>(0, 0.4, 0.9, 1, 4, 8, 10, 12, 20);
    await fc.assert(
      fc.asyncProperty(
        fc.array(kwh, { minLength: 30, maxLength: 30 }),
        fc.constantFrom(0, 10, 25, 29.9, 30, 30.1, 31, 60),
        fc.constantFrom(3, 2.5),
        async (history, day, multiple) => {
          const m = await meterAt(ELECTRIC, {
            timeZone: 'Asia/Tokyo',
            settings: { abnormalMultiple: String(multiple) },
          });
          await days(m.id, '2026-05-02', [...history, day]);
          // 00:30 on June 2 in Tokyo is June 1, 15:30 UTC: June 1 is the last complete day there
          const now = new Date('2026-06-01T15:30:00Z');
          await detectAbnormalUse(t.deps.db, now);
          await detectAbnormalUse(t.deps.db, now);
          const open = await openOf(m.id, 'abnormalUse');
          expect(open.length).toBe(model(history, day, multiple) ? 1 : 0);
          if (open.length) expect(open[0]!.params).toMatchObject({ usage: day, day: '2026-06-01', multiple });
        },
      ),
      { numRuns: 40 },
    );
  }, 120_000);

  it('leaves the days a guest checked in or out (partial days) out of the median', async () => {
    // short stays: every other day a check-in or check-out day of 8 kWh, between them full days of 20
    const m = await meterAt(ELECTRIC);
    const history = Array.from({ length: 30 }, (_, i) => (i % 2 ? 20 : 8));
    await days(m.id, '2026-05-02', [...history, 45]);
    for (let i = 0; i < 30; i += 2) {
      const start = Date.parse('2026-05-02T15:00:00Z') + i * DAY;
      await t.deps.db.insert(stays).values({
        locationId: m.locationId,
        siteId: m.siteId,
        checkinAt: new Date(start),
        checkoutAt: new Date(start + 2 * DAY - 5 * HOUR),
      });
    }
    await detectAbnormalUse(t.deps.db, new Date('2026-06-02T01:00:00Z'));
    // the median of the full days is 20, not 14 (of all days): 45 is not above 3 × 20
    expect(await alertsOf(m.id, 'abnormalUse')).toHaveLength(0);
    await t.deps.db.execute(sql`delete from stays where location_id = ${m.locationId}`);
    await detectAbnormalUse(t.deps.db, new Date('2026-06-02T01:00:00Z'));
    expect(await openOf(m.id, 'abnormalUse')).toHaveLength(1);
  });

  it('gives the median in its params and resolves when a later day is back under the threshold', async () => {
    const m = await meterAt(ELECTRIC);
    await days(m.id, '2026-05-02', [...Array(30).fill(10), 31]);
    await detectAbnormalUse(t.deps.db, new Date('2026-06-02T01:00:00Z'));
    expect((await openOf(m.id, 'abnormalUse'))[0]!.params).toEqual({
      usage: 31,
      day: '2026-06-01',
      multiple: 3,
      median: 10,
    });
    // the day under way does not count; the next complete one of 12 kWh clears it
    await days(m.id, '2026-06-02', [12]);
    await detectAbnormalUse(t.deps.db, new Date('2026-06-02T23:00:00Z'));
    expect(await openOf(m.id, 'abnormalUse')).toHaveLength(1);
    await detectAbnormalUse(t.deps.db, new Date('2026-06-03T00:10:00Z'));
    expect(await alertsOf(m.id, 'abnormalUse')).toHaveLength(1);
    const [alert] = await alertsOf(m.id, 'abnormalUse');
    expect(alert!.resolved_at).not.toBeNull();
    expect(alert!.resolved_by).toBeNull();
  });
});

describe('draw at a vacant location: an hour above the threshold', () => {
  it('raises for an hour above the threshold (not at it), with the end of the hour, and resolves on check-in', async () => {
    const above = await meterAt(ELECTRIC);
    const at = await meterAt(ELECTRIC);
    const strict = await meterAt(ELECTRIC, { settings: { vacantKwhPerHour: '2' } });
    await hours(above.id, BASE, [1.05]);
    await hours(at.id, BASE, [1]);
    await hours(strict.id, BASE, [1.5]);
    await detectVacantDraw(t.deps.db, new Date(BASE + HOUR + 60_000));
    expect((await openOf(above.id, 'vacantDraw'))[0]!.params).toEqual({
      usage: 1.1,
      at: new Date(BASE + HOUR).toISOString().replace('.000', ''),
    });
    expect(await alertsOf(at.id, 'vacantDraw')).toHaveLength(0);
    expect(await alertsOf(strict.id, 'vacantDraw')).toHaveLength(0);
    await checkIn(above.locationId, above.siteId, new Date(BASE + HOUR + 2 * 60_000));
    await detectVacantDraw(t.deps.db, new Date(BASE + HOUR + 5 * 60_000));
    expect(await openOf(above.id, 'vacantDraw')).toHaveLength(0);
  });

  it('is not raised for the hour a guest checked out in, and resolves after an hour at or below', async () => {
    const left = await meterAt(ELECTRIC);
    await t.deps.db.insert(stays).values({
      locationId: left.locationId,
      siteId: left.siteId,
      checkinAt: new Date(BASE - DAY),
      checkoutAt: new Date(BASE + 20 * 60_000),
    });
    const vacant = await meterAt(ELECTRIC);
    await hours(left.id, BASE, [3]);
    await hours(vacant.id, BASE, [3, 0.2]);
    await detectVacantDraw(t.deps.db, new Date(BASE + HOUR + 60_000));
    expect(await openOf(vacant.id, 'vacantDraw')).toHaveLength(1);
    expect(await alertsOf(left.id, 'vacantDraw')).toHaveLength(0);
    await detectVacantDraw(t.deps.db, new Date(BASE + 2 * HOUR + 60_000));
    expect(await openOf(vacant.id, 'vacantDraw')).toHaveLength(0);
  });
});

describe('unbilled usage reads the property thresholds', () => {
  it('raises at a property whose threshold is below the day, not at one whose threshold is above', async () => {
    const now = t.deps.now();
    const low = await meterAt(ELECTRIC);
    const high = await meterAt(ELECTRIC, { settings: { unbilledKwhPerDay: '50' } });
    // 10 kWh since midnight, which may be minutes ago: meters rated to deliver it (the usage rule holds back a faster rise)
    await t.deps.db
      .update(servicePoints)
      .set({ maxRatePerHour: '1000' })
      .where(inArray(servicePoints.id, [low.id, high.id]));
    for (const m of [low, high])
      await recordReadings(t.deps.db, [
        {
          servicePointId: m.id,
          readAt: new Date(Math.max(now.getTime() - HOUR, Date.parse(now.toISOString().slice(0, 10)))),
          total: '100',
          isReset: false,
        },
        { servicePointId: m.id, readAt: now, total: '110', isReset: false },
      ]);
    await flagUnbilledUsage(t.deps);
    expect(await openOf(low.id, 'unbilledUsage')).toHaveLength(1);
    expect(await openOf(high.id, 'unbilledUsage')).toHaveLength(0);
  });
});

describe('the hourly roll-up and its thresholds', () => {
  it('forgets hours older than 8 days', async () => {
    const m = await meterAt(WATER);
    await hours(m.id, BASE, Array(10 * 24).fill(1));
    await pruneHourlyUsage(t.deps.db, new Date(BASE + 10 * DAY + 30 * 60_000));
    const [left] = await rows<{ n: number | string; first: Date | string }>(
      t.deps.db,
      sql`select count(*) as n, min(hour) as first from hourly_usage where service_point_id = ${m.id}`,
    );
    expect(new Date(left!.first)).toEqual(new Date(BASE + 2 * DAY));
    expect(Number(left!.n)).toBe(8 * 24);
  });

  it('falls back to the very defaults of the settings table', async () => {
    const site = await buildSite(t.deps.db, busEntityId);
    const [row] = await t.deps.db.insert(siteSettings).values({ siteId: site.id }).returning();
    for (const [name, { fallback }] of Object.entries(THRESHOLDS))
      expect(Number(row![name as keyof typeof row]), name).toBe(Number(fallback));
  });
});
