import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role, toWallClock, type ReportCell, type ReportRow, type ReportType } from '@portal/contract';
import { rows } from '../../db/client';
import { buildUser, signIn } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import {
  amount,
  lastBefore,
  localDate,
  micro,
  MODEL_RATE,
  openings,
  usageByDay,
  usageOver,
  type ModelReading,
} from '../../test/usage-model';
import {
  buildIdentitySite,
  IDENTITY_ZONE,
  type IdentityLocation,
  type IdentitySite,
  type IdentitySpec,
  type Unit,
} from './identity-fixture';
import { meterDays, reports } from './registry';
import { EVERY_STEP, meterSeries } from '../../test/series-arbitrary';
import { prepare, records } from './service';

/**
 * Every report's figures reconcile, row by row, in exact decimals: Usage = End Reading −
 * Start Reading, Amount = Usage × Rate rounded half up to the cent, Total Amount = Electric
 * Amount + Water Amount; each agrees with an independent model of the readings (usage over
 * [a, b) is the sum of the rises of the readings read in it); and the reports agree with each
 * other (days add up to periods, stays to the usage over their span).
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const at = (iso: string) => Date.parse(iso);

let t: TestApp;
let token: string;
let typeIds: Record<string, number>;

beforeAll(async () => {
  t = await createTestApp();
  token = await signIn(t, await buildUser(t.deps.db, { roleId: Role.Administrator }));
  const site = await buildIdentitySite(t, { locations: 0, meters: [] });
  const res = await t.call<ReportType[]>({ method: 'GET', url: `/api/Report/ReportsLookup?siteID=${site.id}`, token });
  typeIds = Object.fromEntries(res.body.result.map((r) => [r.storedProcedureCalled, r.reportTypeID]));
});
afterAll(() => t.close());

/** A period as the dialog sends it: local start minute and local end minute (inclusive). */
type Period = { start: string; end: string };
/** 'YYYY-MM-DD HH:mm' of a wall-clock time (ms). */
const wallMinute = (wallMs: number) => new Date(wallMs).toISOString().slice(0, 16).replace('T', ' ');
/** The local 'YYYY-MM-DD HH:mm:ss' a report shows for an instant. */
const localSeconds = (instant: number) =>
  new Date(toWallClock(IDENTITY_ZONE, instant)).toISOString().slice(0, 19).replace('T', ' ');

/**
 * Runs a report as the ReportRecords route does (the route's own rate limit would stop a
 * property test), its rows through JSON as they travel.
 */
async function run(site: IdentitySite, name: string, period: Period | null, location?: IdentityLocation) {
  const prepared = await prepare(t.deps.db, siteRef(site), {
    reportId: typeIds[name]!,
    name,
    ...(period ?? { start: null, end: null }),
    locationDescription: location?.description ?? '',
  });
  return JSON.parse(JSON.stringify(await records(t.deps.db, prepared))) as ReportRow[];
}

const siteRef = (site: IdentitySite) => ({ siteId: site.id, busEntityId: site.busEntityId, deleted: false });

/** The instants [a, b) the server reads the period as (the site's zone, the end minute inclusive). */
async function instants(site: IdentitySite, period: Period): Promise<{ a: number; b: number }> {
  const { params } = await prepare(t.deps.db, siteRef(site), {
    reportId: typeIds.usage_by_location!,
    name: 'usage_by_location',
    ...period,
    locationDescription: '',
  });
  const [row] = await rows<{ a: string; b: string }>(
    t.deps.db,
    sql`select (extract(epoch from ${params.start}::timestamp at time zone ${IDENTITY_ZONE}) * 1000)::bigint::text as a,
      (extract(epoch from ${params.endExclusive}::timestamp at time zone ${IDENTITY_ZONE}) * 1000)::bigint::text as b`,
  );
  return { a: Number(row!.a), b: Number(row!.b) };
}

/** A number cell in micro-units. */
function units(cell: ReportCell | undefined, label: string): bigint {
  expect(typeof cell, label).toBe('number');
  return micro(cell as number);
}

function expectReconciles(row: ReportRow, label: string) {
  const usage = units(row.Usage, label);
  if (row['Start Reading'] === null) {
    expect(row['End Reading'], label).toBeNull();
    expect(usage, label).toBe(0n);
    return;
  }
  const start = units(row['Start Reading'], label);
  expect(units(row['End Reading'], label) - start, `${label}: End Reading − Start Reading = Usage`).toBe(usage);
}

const sum = (values: bigint[]) => values.reduce((x, y) => x + y, 0n);
const addTo = <K>(map: Map<K, bigint>, key: K, value: bigint) => map.set(key, (map.get(key) ?? 0n) + value);

type Context = { site: IdentitySite; period: Period; a: number; b: number; label: string };
/** Usage by Location's usage per meter id, the yardstick of the other reports. */
type MeterUsage = Map<number, bigint>;

async function checkUsageByLocation({ site, period, a, b, label }: Context): Promise<MeterUsage> {
  const result = await run(site, 'usage_by_location', period);
  const perMeter: MeterUsage = new Map();
  for (const m of site.meters) {
    const own = result.filter((r) => r.Meter === m.name);
    const l = `${label} usage_by_location ${m.name}`;
    expect(own.length, l).toBeGreaterThan(0);
    own.forEach((row, i) => {
      expectReconciles(row, `${l} row ${i}`);
      expect(row.Location, l).toBe(m.location.description);
      expect(row.Unit, l).toBe(m.unit);
      expect(units(row.Rate, l), l).toBe(site.rate[m.unit]);
      expect(units(row.Amount, l), `${l}: Amount = Usage × Rate`).toBe(amount(units(row.Usage, l), site.rate[m.unit]));
    });
    const usage = sum(own.map((r) => units(r.Usage, l)));
    expect(usage, `${l}: usage`).toBe(usageOver(m.series, m.rate, a, b));
    const closing = lastBefore(m.series, m.rate, b);
    expect(own.at(-1)!['End Reading'] === null ? null : units(own.at(-1)!['End Reading'], l), l).toBe(closing);
    if (closing !== null)
      expect(openings(m.series, m.rate, a, b), `${l}: opening`).toContain(units(own[0]!['Start Reading'], l));
    perMeter.set(m.id, usage);
  }
  expect(result.length, label).toBe(
    site.meters.reduce((n, m) => n + result.filter((r) => r.Meter === m.name).length, 0),
  );
  return perMeter;
}

async function checkDailyUsage({ site, period, a, b, label }: Context, perMeter: MeterUsage) {
  const result = await run(site, 'daily_usage_per_location', period);
  const expected = new Map<string, Record<Unit, bigint>>();
  for (const m of site.meters) {
    for (const [day, usage] of usageByDay(m.series, m.rate, a, b, IDENTITY_ZONE)) {
      const key = `${day} ${m.location.description}`;
      const cell = expected.get(key) ?? { kWh: 0n, gal: 0n };
      cell[m.unit] += usage;
      expected.set(key, cell);
    }
  }
  const l = `${label} daily_usage_per_location`;
  expect(result.map((r) => `${r.Date} ${r.Location}`).sort(), l).toEqual([...expected.keys()].sort());
  const perLocation = new Map<string, bigint>();
  for (const row of result) {
    const want = expected.get(`${row.Date} ${row.Location}`)!;
    expect(units(row['Electric (kWh)'], l), `${l} ${row.Date}`).toBe(want.kWh);
    expect(units(row['Water (gal)'], l), `${l} ${row.Date}`).toBe(want.gal);
    addTo(perLocation, `${row.Location} kWh`, want.kWh);
    addTo(perLocation, `${row.Location} gal`, want.gal);
  }
  for (const m of site.meters) addTo(perLocation, `${m.location.description} ${m.unit}`, -perMeter.get(m.id)!);
  expect(
    [...perLocation.values()].every((v) => v === 0n),
    `${l}: days add up to Usage by Location`,
  ).toBe(true);
}

async function checkMonthlyBilling({ site, period, a, b, label }: Context, perMeter: MeterUsage) {
  const result = await run(site, 'monthly_billing_summary', period);
  const expected = new Map<string, Record<Unit, bigint>>();
  for (const m of site.meters) {
    for (const [day, usage] of usageByDay(m.series, m.rate, a, b, IDENTITY_ZONE)) {
      const cell = expected.get(day.slice(0, 7)) ?? { kWh: 0n, gal: 0n };
      cell[m.unit] += usage;
      expected.set(day.slice(0, 7), cell);
    }
  }
  const l = `${label} monthly_billing_summary`;
  expect(
    result.map((r) => r.Month),
    l,
  ).toEqual([...expected.keys()].sort());
  for (const row of result) {
    const kwh = units(row['Electric (kWh)'], l);
    const gal = units(row['Water (gal)'], l);
    expect({ kwh, gal }, `${l} ${row.Month}`).toEqual({
      kwh: expected.get(row.Month as string)!.kWh,
      gal: expected.get(row.Month as string)!.gal,
    });
    const electric = units(row['Electric Amount'], l);
    const water = units(row['Water Amount'], l);
    expect(electric, `${l}: Electric Amount`).toBe(amount(kwh, site.rate.kWh));
    expect(water, `${l}: Water Amount`).toBe(amount(gal, site.rate.gal));
    expect(units(row['Total Amount'], l), `${l}: Total Amount`).toBe(electric + water);
  }
  for (const unit of ['kWh', 'gal'] as const) {
    const months = sum(result.map((r) => units(r[unit === 'kWh' ? 'Electric (kWh)' : 'Water (gal)'], l)));
    const meters = sum(site.meters.filter((m) => m.unit === unit).map((m) => perMeter.get(m.id)!));
    expect(months, `${l}: months add up to Usage by Location (${unit})`).toBe(meters);
  }
}

async function checkUsageByDay({ site, period, a, b, label }: Context, perMeter: MeterUsage) {
  for (const location of site.locations) {
    const result = await run(site, 'location_usage_by_day', period, location);
    const l = `${label} location_usage_by_day ${location.description}`;
    const got = new Map<string, bigint>();
    result.forEach((row, i) => {
      expectReconciles(row, `${l} row ${i}`);
      addTo(got, `${row.Date} ${row.Meter}`, units(row.Usage, l));
    });
    const want = new Map<string, bigint>();
    for (const m of site.meters.filter((x) => x.location === location)) {
      for (const [day, usage] of usageByDay(m.series, m.rate, a, b, IDENTITY_ZONE)) want.set(`${day} ${m.name}`, usage);
      const days = result.filter((r) => r.Meter === m.name);
      expect(sum(days.map((r) => units(r.Usage, l))), `${l} ${m.name}: days add up`).toBe(perMeter.get(m.id));
      if (days.length) expect(units(days.at(-1)!['End Reading'], l), l).toBe(lastBefore(m.series, m.rate, b));
    }
    expect(got, l).toEqual(want);
  }
}

async function checkMeterReadings({ site, period, a, b, label }: Context) {
  for (const location of site.locations) {
    const result = await run(site, 'meter_readings_of_location', period, location);
    const want = site.meters
      .filter((m) => m.location === location)
      .flatMap((m) => m.series.filter((r) => r.at >= a && r.at < b).map((r) => ({ m, r })))
      .sort((x, y) => x.r.at - y.r.at || x.m.name.localeCompare(y.m.name))
      .map(({ m, r }) => [localSeconds(r.at), m.name, r.total, r.reset ? 'Yes' : 'No']);
    const l = `${label} meter_readings_of_location`;
    expect(
      result.map((r) => [r['Date & Time'], r.Meter, units(r.Reading, l), r.Reset]),
      l,
    ).toEqual(want);
  }
}

/** Each meter's last reading before the end that the portal counts (the rule's kinds, not the model's). */
async function checkRmsReads({ site, period, b, label }: Context) {
  const result = await run(site, 'rms_meter_reads', period);
  const last = await rows<{ id: number; at: Date | string; total: string }>(
    t.deps.db,
    sql`select distinct on (service_point_id) service_point_id as id, read_at as at, total from meter_readings
        where service_point_id = any(${`{${site.meters.map((m) => m.id).join(',')}}`}::int[])
          and read_at < ${new Date(b)} and kind not in ('glitch', 'suspect', 'discarded')
        order by service_point_id, read_at desc`,
  );
  const byName = (x: string[], y: string[]) => x.join('|').localeCompare(y.join('|'));
  const want = last
    .map((r) => {
      const m = site.meters.find((x) => x.id === r.id)!;
      return [
        m.location.description.replaceAll(',', ' '),
        m.name,
        localSeconds(new Date(r.at).getTime()),
        micro(Number(r.total)),
      ];
    })
    .sort((x, y) => byName(x.map(String), y.map(String)));
  const l = `${label} rms_meter_reads`;
  const shown = result.map((r) => [r.Area, r.MeterNo, r.LastReadDate, units(r.LastMeterValue, l)]);
  expect(
    shown.sort((x, y) => byName(x.map(String), y.map(String))),
    l,
  ).toEqual(want);
  expect(
    result.filter((r) => r.MeterType !== 'E' && r.MeterType !== 'W'),
    l,
  ).toEqual([]);
}

async function checkStays({ site, period, a, b, label }: Context) {
  const result = await run(site, 'stay_transactions', period);
  const shown = site.stays
    .filter((s) => s.checkin < b && (s.checkout === null || s.checkout >= a))
    .sort((x, y) => x.checkin - y.checkin);
  const l = `${label} stay_transactions`;
  expect(result.length, l).toBe(shown.length);
  for (const [i, stay] of shown.entries()) {
    const row = result[i]!;
    const meters = site.meters.filter((m) => m.location === stay.location);
    for (const [unit, column] of [
      ['kWh', 'Electric (kWh)'],
      ['gal', 'Water (gal)'],
    ] as const) {
      const own = meters.filter((m) => m.unit === unit);
      const want = own.length
        ? sum(own.map((m) => usageOver(m.series, m.rate, stay.checkin, stay.checkout ?? Infinity)))
        : null;
      expect(row[column] === null ? null : units(row[column], l), `${l} ${i} ${unit}`).toBe(want);
    }
    if (stay.checkout !== null) await checkStayAgainstUsageByLocation(site, stay, row, l);
  }
}

/** Each stay checked out in the period: its usage over its span, priced at the rates, half up to the cent. */
async function checkBillingByStay({ site, period, a, b, label }: Context) {
  const result = await run(site, 'billing_by_stay', period);
  const billed = site.stays
    .filter((s) => s.checkout !== null && s.checkout >= a && s.checkout < b)
    .sort((x, y) => x.checkout! - y.checkout!);
  const l = `${label} billing_by_stay`;
  expect(result.length, l).toBe(billed.length);
  for (const [i, stay] of billed.entries()) {
    const row = result[i]!;
    const amounts = { kWh: 0n, gal: 0n };
    for (const [unit, column, money] of [
      ['kWh', 'Electric (kWh)', 'Electric Amount'],
      ['gal', 'Water (gal)', 'Water Amount'],
    ] as const) {
      const own = site.meters.filter((m) => m.location === stay.location && m.unit === unit);
      if (!own.length) continue;
      const usage = sum(own.map((m) => usageOver(m.series, m.rate, stay.checkin, stay.checkout!)));
      expect(units(row[column], l), `${l} ${i} ${unit}`).toBe(usage);
      amounts[unit] = amount(usage, site.rate[unit]);
      expect(units(row[money], l), `${l} ${i} ${money}`).toBe(amounts[unit]);
    }
    expect(units(row.Total, l), `${l} ${i} Total`).toBe(amounts.kWh + amounts.gal);
  }
}

/** A closed stay's usage is the usage Usage by Location shows over the stay's span. */
async function checkStayAgainstUsageByLocation(
  site: IdentitySite,
  stay: IdentitySite['stays'][number],
  row: ReportRow,
  label: string,
) {
  const span: Period = {
    start: wallMinute(toWallClock(IDENTITY_ZONE, stay.checkin)),
    end: wallMinute(toWallClock(IDENTITY_ZONE, stay.checkout!) - MINUTE),
  };
  if (span.start >= span.end) return; // too short, or ends in the hour the clocks repeat
  const { a, b } = await instants(site, span);
  if (a !== stay.checkin || b !== stay.checkout) return; // a minute the clocks repeat: no such period
  const usage = await run(site, 'usage_by_location', span);
  const electric = usage.filter((r) => r.Location === stay.location.description && r.Unit === 'kWh');
  if (!electric.length) return;
  expect(units(row['Electric (kWh)'], label), `${label}: the stay's usage = Usage by Location over its span`).toBe(
    sum(electric.map((r) => units(r.Usage, label))),
  );
}

async function checkControlLog({ site, period, a, b, label }: Context) {
  const result = await run(site, 'device_control_log', period);
  expect(result.length, `${label} device_control_log`).toBe(site.controls.filter((x) => x >= a && x < b).length);
}

/** A report of how things stand now: it takes no period. */
async function checkMissing({ site, label }: Context) {
  expect(await run(site, 'missing_and_out_of_service', null), `${label} missing_and_out_of_service`).toEqual([]);
}

/** Every report of the registry, each with its checks. */
const checks: Record<string, (ctx: Context, perMeter: MeterUsage) => Promise<unknown>> = {
  usage_by_location: checkUsageByLocation,
  daily_usage_per_location: checkDailyUsage,
  monthly_billing_summary: checkMonthlyBilling,
  location_usage_by_day: checkUsageByDay,
  meter_readings_of_location: checkMeterReadings,
  stay_transactions: checkStays,
  billing_by_stay: checkBillingByStay,
  rms_meter_reads: checkRmsReads,
  device_control_log: checkControlLog,
  missing_and_out_of_service: checkMissing,
};

/**
 * A span's usage (whole days from the roll-up's running total, partial days from the readings)
 * is the sum of its days: the rows of a report correct a wrong usage from the raw readings, so
 * this is checked on its own.
 */
async function checkSpanUsage(site: IdentitySite, period: Period, label: string) {
  const { params } = await prepare(t.deps.db, siteRef(site), {
    reportId: typeIds.usage_by_location!,
    name: 'usage_by_location',
    ...period,
    locationDescription: '',
  });
  const spans = await rows<{ k: number; usage: string; days: string | null }>(
    t.deps.db,
    sql`with ${meterDays(params)}
      select u.k, u.usage, (select sum(d.usage) from span_day d where d.k = u.k) as days from span_usage u`,
  );
  expect(spans.length, label).toBeGreaterThan(0);
  for (const s of spans) expect(micro(s.usage), label).toBe(micro(s.days ?? 0));
}

async function checkEveryReport(site: IdentitySite, period: Period) {
  const { a, b } = await instants(site, period);
  const ctx = { site, period, a, b, label: `${period.start} – ${period.end}` };
  await checkSpanUsage(site, period, ctx.label);
  const perMeter = await checkUsageByLocation(ctx);
  for (const [name, check] of Object.entries(checks)) if (name !== 'usage_by_location') await check(ctx, perMeter);
}

it('has checks for every report of the registry', () => {
  expect(Object.keys(checks).sort()).toEqual(Object.keys(reports).sort());
});

/** A total read instead of the next rise; one read `once` leaves the series going on from the total before it. */
type Break = (total: bigint) => { total: bigint; reset: boolean; once?: boolean };

/** 15-minute readings from `from` to `to`, rising by a varying amount, with breaks at given instants. */
function quarterHours(
  from: number,
  to: number,
  step: (i: number) => bigint,
  breaks: Map<number, Break>,
): ModelReading[] {
  const out: ModelReading[] = [];
  let total = 1_234_567_890n;
  for (let i = 0, when = from; when <= to; i++, when += 15 * MINUTE) {
    const broken = breaks.get(when)?.(total);
    if (broken?.once) {
      out.push({ at: when, total: broken.total, reset: false });
      continue;
    }
    total = broken ? broken.total : total + step(i);
    out.push({ at: when, total, reset: broken?.reset ?? false });
  }
  return out;
}

describe('a month of 15-minute readings in America/Chicago (November 2026: Nov 1 has 25 hours)', () => {
  let site: IdentitySite;
  // Oct 31 00:00 CDT to Dec 1 12:00 CST, every local quarter hour (local midnights included)
  const from = at('2026-10-31T05:00:00Z');
  const to = at('2026-12-01T18:00:00Z');

  beforeAll(async () => {
    const spec: IdentitySpec = {
      locations: 2,
      meters: [
        {
          location: 0,
          unit: 'kWh',
          // a one-off low total on Nov 5 12:00 CST, a manual reset on Nov 10 14:15 CST
          series: quarterHours(
            from,
            to,
            (i) => BigInt((i * 7_919) % 1_500_001),
            new Map<number, Break>([
              [at('2026-11-05T18:00:00Z'), (v) => ({ total: v - 7_000_000n, reset: false, once: true })],
              [at('2026-11-10T20:15:00Z'), () => ({ total: 5_500_000n, reset: true })],
            ]),
          ),
        },
        {
          location: 0,
          unit: 'gal',
          // a drop (no reset) on Nov 20 03:00 CST
          series: quarterHours(
            from,
            to,
            (i) => BigInt((i * 104_729) % 40_000_001),
            new Map<number, Break>([[at('2026-11-20T09:00:00Z'), (v) => ({ total: v - 123_456_789n, reset: false })]]),
          ),
        },
        {
          location: 1,
          unit: 'kWh',
          // a reset at local midnight on Nov 15, the register rolling over 9999.99 on Nov 18 at
          // 10:15 CST, and a reset to a higher total on Nov 22 at noon
          series: quarterHours(
            from,
            to,
            (i) => BigInt((i * 3_571) % 900_007),
            new Map<number, Break>([
              [at('2026-11-15T06:00:00Z'), () => ({ total: 0n, reset: true })],
              [at('2026-11-18T16:00:00Z'), () => ({ total: 9_999_990_000n, reset: false })],
              [at('2026-11-18T16:15:00Z'), () => ({ total: 5_000_000n, reset: false })],
              [at('2026-11-22T18:00:00Z'), (v) => ({ total: v + 50_000_000n, reset: true })],
            ]),
          ),
        },
      ],
      stays: [
        { location: 0, checkin: at('2026-11-09T16:07:00Z'), checkout: at('2026-11-12T15:43:00Z') },
        { location: 1, checkin: at('2026-11-01T03:00:00Z'), checkout: at('2026-11-02T14:30:00Z') },
        { location: 1, checkin: at('2026-11-25T17:11:00Z'), checkout: null },
      ],
      controls: [at('2026-11-05T18:00:00Z')],
    };
    site = await buildIdentitySite(t, spec);
  }, 120_000);

  it.each([
    ['the whole month, opening on a reading at midnight', '2026-11-01 00:00', '2026-11-30 23:59'],
    ['the 25-hour day of the change', '2026-11-01 00:00', '2026-11-01 23:59'],
    ['mid-day to mid-day across the reset and the drop', '2026-11-03 13:37', '2026-11-20 08:14'],
    ['two months, up to the reset at midnight', '2026-10-31 12:00', '2026-11-15 00:00'],
    ['opening on the reset reading', '2026-11-10 14:15', '2026-11-10 18:00'],
    ['across the low total and the rollover', '2026-11-05 11:00', '2026-11-18 12:00'],
    ['closing on the low total', '2026-11-05 00:00', '2026-11-05 12:14'],
    ['opening on the rollover', '2026-11-18 10:15', '2026-11-18 23:59'],
  ])('%s: every row of every report reconciles', async (_label, start, end) => {
    await checkEveryReport(site, { start, end });
  });

  it('any period of whole minutes: every row of every report reconciles', async () => {
    const minute = fc.integer({ min: 0, max: Math.floor((to - from) / MINUTE) + 6 * 60 });
    await fc.assert(
      fc.asyncProperty(minute, minute, async (x, y) => {
        const wallFrom = toWallClock(IDENTITY_ZONE, from) - 3 * HOUR;
        const [lo, hi] = x < y ? [x, y] : [y, x + 2];
        await checkEveryReport(site, {
          start: wallMinute(wallFrom + lo * MINUTE),
          end: wallMinute(wallFrom + Math.max(hi, lo + 1) * MINUTE),
        });
      }),
      { numRuns: 10 },
    );
  }, 120_000);
});

describe('any series of readings around the change of time', () => {
  // from Oct 31 18:00 CDT on, steps of whole quarter hours: local midnights and the repeated hour come up
  const origin = at('2026-10-31T23:00:00Z');
  const series = (unit: Unit) =>
    meterSeries({
      origin,
      maxOffsetQuarters: 16,
      quarters: [1, 1, 1, 2, 4, 8, 24, 96],
      maxFirst: 900_000_000_000_000n,
      maxAmount: 3_000_000n,
      rate: MODEL_RATE[unit],
      kinds: EVERY_STEP,
      maxSteps: 30,
    });
  // a period from a minute, a reading's own minute or a local midnight, to another of these
  const readingsAndMinutes = fc.tuple(series('kWh'), series('gal'), series('kWh')).chain((three) => {
    const instants = three.flatMap((s) => s.map((r) => r.at));
    const lastAt = Math.max(...instants);
    const edge = fc.oneof(
      fc.integer({ min: origin - 2 * HOUR, max: lastAt + 2 * HOUR }).map((x) => x - (x % MINUTE)),
      fc.constantFrom(...instants),
      fc.constantFrom(at('2026-11-01T05:00:00Z'), at('2026-11-02T06:00:00Z'), at('2026-11-03T06:00:00Z')),
    );
    return fc.record({ three: fc.constant(three), edges: fc.tuple(edge, edge), stay: fc.tuple(edge, edge) });
  });

  it('every row of every report reconciles and agrees with the model', async () => {
    await fc.assert(
      fc.asyncProperty(readingsAndMinutes, async ({ three, edges, stay }) => {
        const [lo, hi] = [Math.min(...edges), Math.max(...edges)];
        const wallLo = toWallClock(IDENTITY_ZONE, lo);
        const wallHi = Math.max(toWallClock(IDENTITY_ZONE, hi), wallLo + 2 * MINUTE);
        const site = await buildIdentitySite(t, {
          locations: 2,
          meters: [
            { location: 0, unit: 'kWh', series: three[0] },
            { location: 0, unit: 'gal', series: three[1] },
            { location: 1, unit: 'kWh', series: three[2] },
          ],
          stays: [
            { location: 0, checkin: Math.min(...stay), checkout: Math.max(...stay) + MINUTE },
            { location: 1, checkin: Math.min(...stay), checkout: null },
          ],
        });
        await checkEveryReport(site, { start: wallMinute(wallLo), end: wallMinute(wallHi - MINUTE) });
      }),
      { numRuns: 25 },
    );
  }, 300_000);
});

it('keeps localDate in step with the zone', () => {
  expect(localDate(IDENTITY_ZONE, at('2026-11-01T05:59:00Z'))).toBe('2026-11-01');
  expect(localDate(IDENTITY_ZONE, at('2026-11-02T05:59:00Z'))).toBe('2026-11-01');
  expect(localDate(IDENTITY_ZONE, at('2026-11-02T06:00:00Z'))).toBe('2026-11-02');
});
