import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { rebuildDailyUsage, rebuildHourlyUsage } from '../../db/seed/rollup';
import { stayMeters, stays } from '../../db/schema';
import { buildBusiness, buildLocation, buildMeter, buildSite } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import {
  classify,
  lastBefore,
  localDate,
  micro,
  microText,
  MODEL_RATE,
  type ModelReading,
} from '../../test/usage-model';
import { usageRuleSeries } from '../../test/series-arbitrary';
import { refreshStayFigures } from '../billing';
import { recordReadings, type Reading } from './readings';
import { usageBetween } from './usage';

/**
 * Usage comes out of any arrival of readings as the model says (identity-model.ts, written
 * from the rules in docs/decisions/): glitches, resets, baselines, rollovers, duplicates, late
 * readings and batches cut anywhere. Stored per reading, per local day (daily_usage, with its
 * total before and first and last readings), per UTC hour (hourly_usage), per meter
 * (usage_total, latest reading), per property and day, over any span (usageBetween) and for a stay closed at any instant.
 */

const ZONE = 'America/Chicago';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
// from Oct 31 18:00 CDT on: local midnights and the repeated hour of Nov 1 come up
const ORIGIN = Date.parse('2026-10-31T23:00:00Z');

let t: TestApp;
let busEntityId = 0;

beforeAll(async () => {
  t = await createTestApp();
  busEntityId = (await buildBusiness(t.deps.db)).id;
});
afterAll(() => t.close());

/** What a meter of this rate read, in time order, and how its readings arrive. */
const arrivalOf = (rate: bigint) =>
  usageRuleSeries(ORIGIN, rate).chain((read) =>
    /**
     * Each late by a few places or not, some sent twice (the same reading, or another total for
     * the same instant), in batches of any size.
     */
    fc.record({
      read: fc.constant(read),
      delays: fc.array(fc.constantFrom(0, 0, 0, 0, 0, 1, 2, 5, 40), { minLength: read.length, maxLength: read.length }),
      copies: fc.array(fc.constantFrom('none', 'none', 'none', 'none', 'same', 'other', 'other first'), {
        minLength: read.length,
        maxLength: read.length,
      }),
      batches: fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 8 }),
    }),
  );

type Arrival = { read: ModelReading[]; delays: number[]; copies: string[]; batches: number[] };

/** The readings in the order they arrive. */
function arrivals(a: Arrival): ModelReading[] {
  const sent: Array<{ key: number; r: ModelReading }> = [];
  a.read.forEach((r, i) => {
    const key = i + a.delays[i]!;
    const other = { ...r, total: r.total + 1n };
    if (a.copies[i] === 'other first') sent.push({ key, r: other });
    sent.push({ key, r });
    if (a.copies[i] === 'same') sent.push({ key: key + 3, r });
    if (a.copies[i] === 'other') sent.push({ key: key + 1, r: other });
  });
  return sent.sort((x, y) => x.key - y.key).map((s) => s.r);
}

/** What the meter holds: of readings at one instant the first to arrive, in time order. */
function kept(arrived: ModelReading[]): ModelReading[] {
  const first = new Map<number, ModelReading>();
  for (const r of arrived) if (!first.has(r.at)) first.set(r.at, r);
  return [...first.values()].sort((x, y) => x.at - y.at);
}

/** Cuts the arrivals of every meter, interleaved, into batches of the given sizes. */
function batchesOf(meters: Array<{ id: number; arrived: ModelReading[] }>, sizes: number[]): Reading[][] {
  const queue = meters.flatMap((m) => m.arrived.map((r, i) => ({ i, id: m.id, r })));
  queue.sort((x, y) => x.i - y.i);
  const out: Reading[][] = [];
  for (let n = 0, start = 0; start < queue.length; n++) {
    const size = sizes[n % sizes.length]!;
    out.push(
      queue.slice(start, start + size).map((q) => ({
        servicePointId: q.id,
        readAt: new Date(q.r.at),
        total: microText(q.r.total),
        isReset: q.r.reset,
      })),
    );
    start += size;
  }
  return out;
}

type DayModel = { usage: bigint; first: bigint; last: bigint; lastAt: number };

function daysOf(read: ModelReading[], rate: bigint): Map<string, DayModel> {
  const cls = classify(read, rate);
  const days = new Map<string, DayModel>();
  read.forEach((r, i) => {
    const day = localDate(ZONE, r.at);
    const d = days.get(day);
    if (d) Object.assign(d, { usage: d.usage + cls[i]!.usage, last: r.total, lastAt: r.at });
    else days.set(day, { usage: cls[i]!.usage, first: r.total, last: r.total, lastAt: r.at });
  });
  return days;
}

const sum = (values: bigint[]) => values.reduce((x, y) => x + y, 0n);
const ALERT_OF = {
  glitch: 'meterGlitch',
  baseline: 'meterBaseline',
  rollover: 'meterRollover',
  suspect: 'suspectRise',
} as const;

async function checkMeter(id: number, rate: bigint, read: ModelReading[], spans: Array<[number, number]>) {
  const cls = classify(read, rate);
  const label = `meter ${id}`;
  const stored = await rows<{ at: Date | string; total: string; kind: string; usage: string }>(
    t.deps.db,
    sql`select read_at as at, total::text, kind::text, usage::text from meter_readings where service_point_id = ${id} order by read_at`,
  );
  expect(
    stored.map((r) => [new Date(r.at).getTime(), micro(r.total), r.kind, micro(r.usage)]),
    `${label}: readings`,
  ).toEqual(read.map((r, i) => [r.at, r.total, cls[i]!.kind, cls[i]!.usage]));

  const days = await rows<{
    day: string;
    usage: string;
    before: string;
    first: string;
    last: string;
    last_at: Date | string;
  }>(
    t.deps.db,
    sql`select day::text, usage::text, total_before::text as before, first_reading::text as first,
      last_reading::text as last, last_read_at as last_at
    from daily_usage where service_point_id = ${id} order by day`,
  );
  let before = 0n;
  const want = [...daysOf(read, rate)].map(([day, d]) => {
    const row = [day, d.usage, before, d.first, d.last, d.lastAt];
    before += d.usage;
    return row;
  });
  expect(
    days.map((d) => [
      d.day,
      micro(d.usage),
      micro(d.before),
      micro(d.first),
      micro(d.last),
      new Date(d.last_at).getTime(),
    ]),
    `${label}: daily usage`,
  ).toEqual(want);

  // the hourly roll-up: the readings' usage summed by the UTC hour they were taken in
  const hourly = await rows<{ hour: Date | string; usage: string }>(
    t.deps.db,
    sql`select hour, usage::text from hourly_usage where service_point_id = ${id} and usage <> 0 order by hour`,
  );
  const byHour = new Map<number, bigint>();
  read.forEach((r, i) => {
    const hour = Math.floor(r.at / HOUR) * HOUR;
    byHour.set(hour, (byHour.get(hour) ?? 0n) + cls[i]!.usage);
  });
  expect(
    hourly.map((h) => [new Date(h.hour).getTime(), micro(h.usage)]),
    `${label}: hourly usage`,
  ).toEqual([...byHour].filter(([, u]) => u !== 0n).sort(([a], [b]) => a - b));

  const [meter] = await rows<{
    usage_total: string;
    last_reading: string | null;
    last_reading_at: Date | string | null;
  }>(
    t.deps.db,
    sql`select usage_total::text, last_reading::text, last_reading_at from service_points where id = ${id}`,
  );
  expect(
    [
      micro(meter!.usage_total),
      meter!.last_reading && micro(meter!.last_reading),
      new Date(meter!.last_reading_at!).getTime(),
    ],
    `${label}: total and latest reading`,
  ).toEqual([sum(cls.map((c) => c.usage)), read.at(-1)!.total, read.at(-1)!.at]);

  for (const [a, b] of spans) {
    const [u] = await rows<{ usage: string | null }>(
      t.deps.db,
      usageBetween(sql`${id}::int`, sql`${new Date(a)}::timestamptz`, sql`${new Date(b)}::timestamptz`),
    );
    const inSpan = read.flatMap((r, i) => (r.at >= a && r.at < b ? [cls[i]!.usage] : []));
    expect(u!.usage === null ? null : micro(u!.usage), `${label}: usage over [${a}, ${b})`).toEqual(
      inSpan.length ? sum(inSpan) : null,
    );
  }

  const alerts = await rows<{ kind: string }>(
    t.deps.db,
    sql`select kind from system_alerts where service_point_id = ${id} and resolved_at is null`,
  );
  const raised = new Set(alerts.map((a) => a.kind));
  for (const c of cls)
    if (c.kind === 'glitch' || c.kind === 'baseline' || c.kind === 'rollover' || c.kind === 'suspect')
      expect(raised.has(ALERT_OF[c.kind]), `${label}: an open ${c.kind} alert`).toBe(true);
}

it('stores the same usage whatever the order, the copies and the batches the readings come in', async () => {
  const instant = fc.integer({ min: ORIGIN - 60 * MINUTE, max: ORIGIN + 60 * 24 * 60 * MINUTE });
  await fc.assert(
    fc.asyncProperty(
      arrivalOf(MODEL_RATE.kWh),
      arrivalOf(MODEL_RATE.gal),
      fc.array(fc.tuple(instant, instant), { minLength: 1, maxLength: 4 }),
      async (electric, water, edges) => {
        const db = t.deps.db;
        const site = await buildSite(db, busEntityId, { timeZone: ZONE });
        const location = await buildLocation(db, site.id);
        const meters = [
          {
            a: electric,
            rate: MODEL_RATE.kWh,
            id: (await buildMeter(db, { locationId: location.id, slot: 1, deviceTypeId: 1 })).id,
          },
          {
            a: water,
            rate: MODEL_RATE.gal,
            id: (await buildMeter(db, { locationId: location.id, slot: 2, deviceTypeId: 7 })).id,
          },
        ].map((m) => ({ ...m, arrived: arrivals(m.a) }));
        for (const batch of batchesOf(meters, electric.batches)) await recordReadings(db, batch);

        const spans = edges.map(([x, y]): [number, number] => [Math.min(x, y), Math.max(x, y) + 1]);
        for (const m of meters) await checkMeter(m.id, m.rate, kept(m.arrived), spans);

        const siteDays = await rows<{ day: string; kwh: string; gallons: string }>(
          db,
          sql`select day::text, kwh::text, gallons::text from site_daily_usage where site_id = ${site.id} and (kwh <> 0 or gallons <> 0) order by day`,
        );
        const byDay = new Map<string, [bigint, bigint]>();
        meters.forEach((m, unit) => {
          for (const [day, d] of daysOf(kept(m.arrived), m.rate)) {
            const cell = byDay.get(day) ?? [0n, 0n];
            cell[unit] += d.usage;
            byDay.set(day, cell);
          }
        });
        expect(
          siteDays.map((d) => [d.day, micro(d.kwh), micro(d.gallons)]),
          'usage by property and day',
        ).toEqual(
          [...byDay]
            .filter(([, v]) => v[0] || v[1])
            .sort()
            .map(([day, v]) => [day, ...v]),
        );

        // a stay closed over the first span keeps the usage and the level the model gives it
        const [checkin, checkout] = spans[0]!;
        const [stay] = await db
          .insert(stays)
          .values({
            locationId: location.id,
            siteId: site.id,
            checkinAt: new Date(checkin),
            checkoutAt: new Date(checkout),
          })
          .returning();
        await db.insert(stayMeters).values({ stayId: stay!.id, servicePointId: meters[0]!.id });
        await refreshStayFigures(db, sql`st.id = ${stay!.id}`);
        const [closed] = await rows<{ usage: string; closing: string | null }>(
          db,
          sql`select usage::text, closing_reading::text as closing from stay_meters where stay_id = ${stay!.id}`,
        );
        const read = kept(meters[0]!.arrived);
        const cls = classify(read, MODEL_RATE.kWh);
        expect([micro(closed!.usage), closed!.closing && micro(closed!.closing)], 'the stay').toEqual([
          sum(read.flatMap((r, i) => (r.at >= checkin && r.at < checkout ? [cls[i]!.usage] : []))),
          lastBefore(read, MODEL_RATE.kWh, checkout),
        ]);
      },
    ),
    { numRuns: 40 },
  );
}, 300_000);

it('rebuilds from the readings the very figures the readings kept as they came', async () => {
  const snapshot = () =>
    Promise.all([
      rows(t.deps.db, sql`select service_point_id, read_at, kind::text, usage::text from meter_readings order by 1, 2`),
      rows(t.deps.db, sql`select * from daily_usage order by service_point_id, day`),
      rows(t.deps.db, sql`select id, usage_total::text from service_points order by id`),
      rows(t.deps.db, sql`select * from site_daily_usage where kwh <> 0 or gallons <> 0 order by site_id, day`),
      rows(t.deps.db, sql`select * from hourly_usage where usage <> 0 order by service_point_id, hour`),
    ]);
  const kept = await snapshot();
  expect(kept[0].length).toBeGreaterThan(100);
  await rebuildDailyUsage(t.deps.db);
  await rebuildHourlyUsage(t.deps.db, new Date(0));
  expect(await snapshot()).toEqual(kept);
});
