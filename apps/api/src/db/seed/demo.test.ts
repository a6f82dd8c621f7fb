import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes, type ReportRow, type ReportType } from '@portal/contract';
import { reclassifyMeters } from '../../features/meters/readings';
import { signIn } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { rows } from '../client';
import { demoAccounts, seedDemo } from './demo';
import { planFleet } from './demo-fleet';
import { markLeak } from './demo-leak';
import { planStays } from './demo-stays';
import { DAY_MS, gridFor } from './demo-time';

// One instant for both seeds, so that they plan the same fleet, stays and readings.
const now = new Date();
/** As `npm start` seeds it: every quarter hour of the last 8 days, the older days thinned. */
let compact: TestApp;
/** Two more days of every quarter hour: the days the compact demo thinned are whole here. */
let fuller: TestApp;

beforeAll(async () => {
  [compact, fuller] = await Promise.all([createTestApp(), createTestApp()]);
  await seedDemo(compact.deps.db, compact.app.log, now);
  await seedDemo(fuller.deps.db, fuller.app.log, now, { rawDays: 9 });
}, 180_000);
afterAll(() => Promise.all([compact?.close(), fuller?.close()]));

const admin = demoAccounts.find((a) => a.role === 'Administrator')!;

/** Every report of every demo property over the demo's whole local days, as the dialog asks for them. */
async function everyReport(t: TestApp): Promise<Record<string, ReportRow[]>> {
  const token = await signIn(t, admin);
  const sites = await rows<{ id: number; tz: string; location: string }>(
    t.deps.db,
    sql`select s.id, s.time_zone as tz, min(l.description) as location
        from sites s join locations l on l.site_id = s.id group by s.id order by s.id`,
  );
  const out: Record<string, ReportRow[]> = {};
  for (const site of sites) {
    const lookup = await t.call<ReportType[]>({ url: `${routes.reports.types.path}?siteID=${site.id}`, token });
    const today = new Date(now.toLocaleString('sv-SE', { timeZone: site.tz }).slice(0, 10));
    const day = (offset: number) => new Date(today.getTime() + offset * DAY_MS).toISOString().slice(0, 10);
    // the listing of stored readings is the one report that shows which readings were kept
    for (const type of lookup.body.result.filter((r) => r.storedProcedureCalled !== 'meter_readings_of_location')) {
      const query = new URLSearchParams({
        ReportID: String(type.reportTypeID),
        SiteID: String(site.id),
        StoredProcedureCalled: type.storedProcedureCalled,
        ...(type.inputs.period === 'required' && { PeriodStartDate: `${day(-89)} 00:00`, EndDate: `${day(-1)} 23:59` }),
        LocationDescription: type.needsLocation ? site.location : '',
      });
      const res = await t.call<ReportRow[]>({ url: `${routes.reports.records.path}?${query}`, token });
      expect(res.status, `${type.storedProcedureCalled} of site ${site.id}`).toBe(200);
      out[`${site.id} ${type.storedProcedureCalled}`] = res.body.result;
    }
  }
  return out;
}

/** What the screens show that comes from readings: roll-ups, stays, meters' totals, frozen statements. */
const figures = {
  daily: sql`select service_point_id, day::text, usage, total_before, last_reading, last_read_at
             from daily_usage order by 1, 2`,
  properties: sql`select site_id, day::text, kwh, gallons from site_daily_usage order by 1, 2`,
  stayMeters: sql`select * from stay_meters order by stay_id, service_point_id`,
  stays: sql`select id, total_usage, statement from stays order by id`,
  meters: sql`select id, usage_total, last_reading, last_reading_at from service_points order by id`,
};

describe('the compact demo', () => {
  it('keeps every quarter hour of the last 8 days and a few readings a day before, the resets among them', async () => {
    const [shape] = await rows<{ recent: number; older: number; most: number; days: number }>(
      compact.deps.db,
      sql`
      with r as (
        select service_point_id, read_at, read_at >= ${new Date(now.getTime() - 8 * DAY_MS).toISOString()}::timestamptz as recent
        from meter_readings
      )
      select count(*) filter (where recent)::int as recent, count(*) filter (where not recent)::int as older,
        (select max(n) from (select count(*) as n from r where not recent group by service_point_id, read_at::date) x)::int as most,
        (select count(distinct day) from daily_usage)::int as days
      from r`,
    );
    expect(shape!.days).toBeGreaterThanOrEqual(90);
    expect(shape!.recent).toBeGreaterThan(500_000);
    expect(shape!.older).toBeLessThan(shape!.recent / 4);
    // a UTC date of a thinned day holds the readings that open and close the local days it
    // overlaps (two days: four) and those that open and close the stays that begin or end on it
    // (a check-out and a check-in: four more), and a reset now and then; 96 when not thinned
    expect(shape!.most).toBeLessThanOrEqual(12);
    // the manual resets fall in the thinned days, so the reports' broken series are compared below
    const [resets] = await rows<{ n: number }>(
      compact.deps.db,
      sql`select count(*)::int as n from meter_readings
          where kind = 'reset' and read_at < ${new Date(now.getTime() - 9 * DAY_MS).toISOString()}::timestamptz`,
    );
    expect(resets!.n).toBe(2);
  });

  it('gives every figure the demo with whole days of readings gives', async () => {
    const [ours, theirs] = await Promise.all([everyReport(compact), everyReport(fuller)]);
    expect(Object.keys(ours)).toEqual(Object.keys(theirs));
    for (const report of Object.keys(ours)) expect(ours[report], report).toEqual(theirs[report]);
    for (const [name, query] of Object.entries(figures))
      expect(await rows(compact.deps.db, query), name).toEqual(await rows(fuller.deps.db, query));
  }, 120_000);

  it('writes each reading as the usage rule classifies it', async () => {
    const meters = await rows<{ id: number }>(compact.deps.db, sql`select id from service_points order by id`);
    const changed = await compact.deps.db.transaction((tx) =>
      reclassifyMeters(
        tx,
        meters.map((m) => m.id),
      ),
    );
    expect(changed).toBe(0);
  }, 120_000);

  it('raises the leak of the planned leaking meter by the detection rules', async () => {
    const fleet = planFleet();
    markLeak(fleet, planStays(gridFor(now), fleet).segments, gridFor(now).lastSlot);
    const leaking = fleet.meters.find((m) => m.leakFrom !== null)!;
    const leaks = await rows<{ name: string }>(
      compact.deps.db,
      sql`select sp.name from system_alerts a join service_points sp on sp.id = a.service_point_id
          where a.kind = 'leak' and a.resolved_at is null`,
    );
    expect(leaks).toEqual([{ name: leaking.name }]);
  });

  it('holds back one reading of a guest’s meter, under an alert, for staff to decide', async () => {
    const held = await rows<{ kind: string; alerts: number; checkedIn: boolean }>(
      compact.deps.db,
      sql`select r.kind::text, l.is_checked_in as "checkedIn",
            (select count(*)::int from system_alerts a where a.service_point_id = r.service_point_id
               and a.kind = 'suspectRise' and a.resolved_at is null) as alerts
          from meter_readings r join service_points sp on sp.id = r.service_point_id
          join locations l on l.id = sp.location_id
          where r.kind = 'suspect'`,
    );
    expect(held).toEqual([{ kind: 'suspect', alerts: 1, checkedIn: true }]);
  });
});
