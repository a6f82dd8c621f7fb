import fc from 'fast-check';
import pino from 'pino';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { nextSlot, Role, routes, type CurrentStay, type ReportRow, type StayStatement } from '@portal/contract';
import { rows } from '../db/client';
import { servicePointCapabilities } from '../db/schema';
import { settleStatements } from '../features/billing';
import { deviceEvents } from '../features/devices';
import { prepare, recordBatches } from '../features/reports';
import type { DeviceEvents } from '../gateway/gateway';
import {
  buildBusiness,
  buildLocation,
  buildMeter,
  buildSite,
  buildUser,
  DEMO_TARIFF,
  saveTariff,
  tokenFor,
} from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';
import { meterSeries } from '../test/series-arbitrary';
import { micro, microText, MODEL_RATE, usageByDay, type ModelReading } from '../test/usage-model';

/**
 * A meter back from a six-hour outage uploads what it buffered, out of order, in batches cut
 * anywhere and between its live readings, through the device path (the MQTT gateway's own
 * `readings`). Every reading, day, hour, property day, meter total, alert, stay, statement and
 * report comes out as for a meter that sent the same readings in time (the reference: the same
 * meter, stays and tariff on a property of its own), and a closed stay's statement changes only
 * by a revision that says "late readings", when its figures changed (issue 30).
 */

const ZONE = 'America/Chicago';
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
// Oct 31 19:00 CDT: the readings run through local midnight and the repeated hour of Nov 1
const ORIGIN = Date.parse('2026-11-01T00:00:00Z');
/** The alert a reading of a kind raises. */
const ALERT_OF = {
  glitch: 'meterGlitch',
  baseline: 'meterBaseline',
  rollover: 'meterRollover',
  suspect: 'suspectRise',
};
/** Six hours of quarter-hour readings. */
const OUTAGE = 24;

/**
 * What a meter read (in time order) and what happened around it: the readings from `outageFrom`
 * on, `OUTAGE` of them, reach the portal only after the outage, as `upload` says; a stay is
 * checked in after reading `stays[0]` and out after `stays[1]`, another checked in after
 * `stays[2]` and still open.
 */
type Scenario = {
  read: ModelReading[];
  outageFrom: number;
  stays: [number, number, number];
  upload: {
    /** The buffered readings in the order the meter uploads them (indices into the outage). */
    order: number[];
    /** The sizes of its batches, in turn. */
    sizes: number[];
    /** After which live reading since the outage each batch goes (0: the first). */
    slots: number[];
    /** The buffered readings sent once more (QoS 1 delivers at least once), with the last batch. */
    again: boolean[];
  };
};

type Property = {
  siteID: number;
  locationID: number;
  meter: { id: number; deviceKey: string; name: string };
  relays: number[];
  closedStay: number;
  openStay: number;
  /** The closed stay's statement as check-out froze it. */
  frozen: StayStatement | null;
};

let t: TestApp;
let adminId = 0;
let businessId = 0;
let readings: DeviceEvents['readings'];

beforeAll(async () => {
  t = await createTestApp();
  adminId = (await buildUser(t.deps.db, { roleId: Role.Administrator })).id;
  businessId = (await buildBusiness(t.deps.db)).id;
  readings = deviceEvents(t.deps, pino({ level: 'silent' })).readings;
});
afterAll(() => t.close());

const admin = () => tokenFor(t, adminId);

/** A property with a tariff and one pedestal whose electric meter (two relays) was registered the day before. */
async function property(): Promise<Property> {
  const db = t.deps.db;
  t.clock.set(new Date(ORIGIN - DAY));
  const siteID = (await buildSite(db, businessId, { timeZone: ZONE })).id;
  const tariff = await saveTariff(t, await admin(), { siteID, ...DEMO_TARIFF });
  expect(tariff.status).toBe(200);
  const locationID = (await buildLocation(db, siteID)).id;
  const meter = await buildMeter(db, { locationId: locationID, slot: 1, createdAt: new Date(ORIGIN - DAY) });
  const relays = await db
    .insert(servicePointCapabilities)
    .values([2, 3].map((capabilityId) => ({ servicePointId: meter.id, capabilityId })))
    .returning();
  return { siteID, locationID, meter, relays: relays.map((r) => r.id), closedStay: 0, openStay: 0, frozen: null };
}

/** The meter's readings as its device sends them, at `at` by the server's clock: none is refused. */
async function send(p: Property, read: ModelReading[], at: number) {
  t.clock.set(new Date(at));
  const sent = read.map((r) => ({ deviceKey: p.meter.deviceKey, readAt: new Date(r.at), total: microText(r.total) }));
  expect(await readings(sent)).toEqual([]);
}

async function checkIn(p: Property, at: number): Promise<number> {
  t.clock.set(new Date(at));
  const res = await t.call<{ stayID: number }>({
    method: 'POST',
    url: routes.stays.checkIn.path,
    token: await admin(),
    payload: {
      locationID: p.locationID,
      autoCheckoutDateTime: nextSlot(new Date(at + 3 * DAY)).toISOString(),
      servicePointCapabilities: p.relays.map((id) => ({ servicePointCapabilityID: id, status: 1 })),
      guest: { mobileNumber: '(555) 010-4242', firstName: 'Dana', lastName: 'Reyes' },
    },
  });
  expect([200, 410], String(res.body.message)).toContain(res.status);
  return res.body.result.stayID;
}

async function checkOut(p: Property, at: number) {
  t.clock.set(new Date(at));
  const res = await t.call({
    method: 'POST',
    url: `${routes.stays.checkOut.path}?locationID=${p.locationID}`,
    token: await admin(),
  });
  expect([200, 410], String(res.body.message)).toContain(res.status);
}

const statementOf = async (stayID: number, revision?: number) =>
  (
    await t.call<StayStatement>({
      method: 'GET',
      url: routes.billing.statement.path,
      token: await admin(),
      query: { stayID: String(stayID), ...(revision ? { revision: String(revision) } : {}) },
    })
  ).body.result;

/** A statement's figures, without the names and ids that differ between the two properties. */
const facts = (s: StayStatement) => ({
  meters: s.meters.map(({ servicePointID: _, meterName: __, ...m }) => m),
  lines: s.lines,
  nights: s.nights,
  subtotal: s.subtotal,
  taxTotal: s.taxTotal,
  total: s.total,
});

/**
 * A report's rows over the days of the readings (its id and name as the report list gives them),
 * without the location's and meter's names; run as the report call runs it (the call itself is
 * rate-limited).
 */
async function report(p: Property, reportId: number, name: string): Promise<ReportRow[]> {
  const prepared = await prepare(
    t.deps.db,
    { siteId: p.siteID, busEntityId: businessId, deleted: false },
    { reportId, name, start: '2026-10-31 00:00', end: '2026-11-02 23:59', locationDescription: '' },
  );
  const out: ReportRow[] = [];
  await recordBatches(t.deps.db, prepared, async (batch) => void out.push(...batch));
  return out.map(({ Location: _, Meter: __, ...cells }) => cells);
}

/** Everything the portal keeps and shows of the property's meter and stays. */
async function figuresOf(p: Property) {
  const q = (query: SQL) => rows(t.deps.db, query);
  const id = p.meter.id;
  const current = await t.call<CurrentStay>({
    method: 'GET',
    url: `${routes.stays.current.path}?locationID=${p.locationID}`,
    token: await admin(),
  });
  return {
    readings: await q(sql`
      select read_at, total::text, kind::text, usage::text from meter_readings where service_point_id = ${id} order by read_at`),
    days: await rows<{ day: string; usage: string }>(
      t.deps.db,
      sql`
      select day::text, usage::text, total_before::text, first_reading::text, last_reading::text, last_read_at
      from daily_usage where service_point_id = ${id} order by day`,
    ),
    hours: await q(sql`
      select hour, usage::text from hourly_usage where service_point_id = ${id} and usage <> 0 order by hour`),
    propertyDays: await q(sql`
      select day::text, kwh::text, gallons::text from site_daily_usage
      where site_id = ${p.siteID} and (kwh <> 0 or gallons <> 0) order by day`),
    meter: await q(
      sql`select usage_total::text, last_reading::text, last_reading_at from service_points where id = ${id}`,
    ),
    // the reading an open alert cites is the first of its kind found, which depends on what came
    // first: each alert's kind, and the kind its reading has now
    alerts: await rows<{ kind: string; reading: string | null }>(
      t.deps.db,
      sql`
      select a.kind, r.kind::text as reading from system_alerts a
      left join meter_readings r on r.service_point_id = a.service_point_id and r.read_at = (a.params->>'at')::timestamptz
      where a.service_point_id = ${id} and a.resolved_at is null order by a.kind`,
    ),
    closedStay: facts(await statementOf(p.closedStay)),
    openStay: facts(await statementOf(p.openStay)),
    currentStay: current.body.result?.meters.map(({ servicePointID: _, servicePointName: __, ...m }) => m),
    usageReport: await report(p, 1, 'usage_by_location'),
    dailyReport: await report(p, 2, 'daily_usage_per_location'),
    stayReport: await report(p, 3, 'stay_transactions'),
  };
}

/**
 * The closed stay's statement now, against what check-out froze: the same revision when its
 * figures did not change, else revision 2 for "late readings", saying what changed from what to
 * what, the first kept as it was.
 */
async function expectRevisedOnlyIfChanged(p: Property) {
  const frozen = p.frozen!;
  const now = await statementOf(p.closedStay);
  const before = facts(frozen);
  const after = facts(now);
  if (JSON.stringify(before) === JSON.stringify(after)) {
    expect([now.revision, now.revisionReason, now.changes]).toEqual([1, null, []]);
    return;
  }
  expect([now.revision, now.revisionReason, now.revisions.map((r) => r.revision)]).toEqual([2, 'lateReading', [2, 1]]);
  expect(facts(await statementOf(p.closedStay, 1))).toEqual(before);
  const [a, b] = [frozen.meters[0]!, now.meters[0]!];
  const amounts = new Map(frozen.lines.map((l) => [l.description, [l.amount, null as string | null]]));
  for (const l of now.lines) amounts.set(l.description, [amounts.get(l.description)?.[0] ?? null, l.amount]);
  const changed = [
    ...(['openingReading', 'closingReading', 'usage'] as const).map((field) => ({
      item: b.meterName,
      field,
      before: a[field],
      after: b[field],
    })),
    { item: b.meterName, field: 'underReview', before: String(a.underReview), after: String(b.underReview) },
    ...[...amounts].map(([item, [x, y]]) => ({ item, field: 'amount', before: x, after: y })),
    { item: '', field: 'total', before: frozen.total, after: now.total },
  ].filter((c) => c.before !== c.after);
  expect(now.changes).toHaveLength(changed.length);
  expect(now.changes).toEqual(expect.arrayContaining(changed));
}

type Step =
  | { at: number; kind: 'readings'; who: 'subject' | 'reference'; read: ModelReading[]; live: boolean }
  | { at: number; kind: 'checkIn' | 'checkOut'; stay: 'closed' | 'open' };

/** The steps in the order they happen: readings as each meter sends them, and the desk's check-ins and check-out. */
function timeline(s: Scenario): Step[] {
  const { read, outageFrom, upload } = s;
  const buffered = upload.order.map((i) => read[outageFrom + i]!);
  const after = read.slice(outageFrom + OUTAGE);
  const steps: Step[] = read.flatMap((r, k): Step[] => {
    const live = { at: r.at + 1_000, kind: 'readings' as const, read: [r], live: true };
    const down = k >= outageFrom && k < outageFrom + OUTAGE;
    return [{ ...live, who: 'reference' }, ...(down ? [] : [{ ...live, who: 'subject' as const }])];
  });
  const [closedIn, closedOut, openIn] = s.stays.map((k) => read[k]!.at + 7 * MINUTE);
  steps.push(
    { at: closedIn!, kind: 'checkIn', stay: 'closed' },
    { at: closedOut!, kind: 'checkOut', stay: 'closed' },
    { at: openIn!, kind: 'checkIn', stay: 'open' },
  );
  const batches: ModelReading[][] = [];
  for (let start = 0, n = 0; start < buffered.length; n++) {
    const size = upload.sizes[n % upload.sizes.length]!;
    batches.push(buffered.slice(start, start + size));
    start += size;
  }
  batches.at(-1)!.push(...buffered.filter((_, i) => upload.again[i]));
  const slots = batches
    .map((_, b) => Math.min(upload.slots[b % upload.slots.length]!, after.length - 1))
    .sort((x, y) => x - y);
  batches.forEach((batch, b) =>
    steps.push({
      at: after[slots[b]!]!.at + 30_000 + b * 1_000,
      kind: 'readings',
      who: 'subject',
      read: batch,
      live: false,
    }),
  );
  return steps.sort((x, y) => x.at - y.at);
}

/**
 * Plays the scenario on two properties, the subject (with the outage) and the reference (without),
 * then compares every figure of the two, and the reference's days with the usage model.
 */
async function play(s: Scenario): Promise<{ subject: Property; reference: Property }> {
  const subject = await property();
  const reference = await property();
  const meters = { subject, reference };
  // a meter's live readings with nothing else between them go as one batch: what they store is the same
  const pending = { subject: [] as ModelReading[], reference: [] as ModelReading[] };
  const flush = async (who: 'subject' | 'reference') => {
    const read = pending[who].splice(0);
    if (read.length) await send(meters[who], read, read.at(-1)!.at + 1_000);
  };
  for (const step of timeline(s)) {
    if (step.kind === 'readings') {
      if (step.live) {
        pending[step.who].push(...step.read);
        continue;
      }
      await flush(step.who);
      await send(meters[step.who], step.read, step.at);
      continue;
    }
    await flush('subject');
    await flush('reference');
    for (const p of [subject, reference]) {
      if (step.kind === 'checkOut') {
        await checkOut(p, step.at);
        p.frozen = await statementOf(p.closedStay);
      } else if (step.stay === 'closed') p.closedStay = await checkIn(p, step.at);
      else p.openStay = await checkIn(p, step.at);
    }
  }
  await flush('subject');
  await flush('reference');
  t.clock.set(new Date(s.read.at(-1)!.at + 10 * MINUTE));
  await settleStatements(t.job);

  const want = await figuresOf(reference);
  expect(await figuresOf(subject)).toEqual(want);
  for (const a of want.alerts)
    expect(ALERT_OF[a.reading as keyof typeof ALERT_OF], 'an alert cites a reading of its kind').toBe(a.kind);
  for (const p of [subject, reference]) await expectRevisedOnlyIfChanged(p);
  const modelDays = usageByDay(s.read, MODEL_RATE.kWh, -Infinity, Infinity, ZONE);
  expect(new Map(want.days.map((d) => [d.day, micro(d.usage)]))).toEqual(modelDays);
  return meters;
}

/** Readings every quarter hour from ORIGIN: mostly rises the meter can deliver, now and then a glitch, spike, jump or drop. */
const series = meterSeries({
  origin: ORIGIN,
  quarters: [1],
  maxFirst: 5_000_000_000n,
  maxAmount: 3_000_000n,
  rate: MODEL_RATE.kWh,
  kinds: [...Array<'rise'>(16).fill('rise'), 'glitch', 'spike', 'jump', 'drop'],
  minSteps: 40,
  maxSteps: 44,
});

const scenario: fc.Arbitrary<Scenario> = series.chain((read) =>
  fc.record({
    read: fc.constant(read),
    outageFrom: fc.integer({ min: 1, max: read.length - OUTAGE - 1 }),
    stays: fc
      .uniqueArray(fc.integer({ min: 0, max: read.length - 2 }), { minLength: 3, maxLength: 3 })
      .map((k) => k.sort((x, y) => x - y) as [number, number, number]),
    upload: fc.record({
      order: fc.shuffledSubarray(
        Array.from({ length: OUTAGE }, (_, i) => i),
        { minLength: OUTAGE, maxLength: OUTAGE },
      ),
      sizes: fc.array(fc.integer({ min: 1, max: 10 }), { minLength: 1, maxLength: 6 }),
      slots: fc.array(fc.integer({ min: 0, max: 8 }), { minLength: 1, maxLength: 6 }),
      again: fc.array(fc.boolean(), { minLength: OUTAGE, maxLength: OUTAGE }),
    }),
  }),
);

it('stores an outage’s buffered readings, however they come back, as if they had come in time', async () => {
  await fc.assert(
    fc.asyncProperty(scenario, async (s) => void (await play(s))),
    { numRuns: 12 },
  );
}, 120_000);

it('revises a stay closed during the outage for late readings, through the repeated hour, newest first in batches', async () => {
  // 48 quarter hours from 19:00 CDT Oct 31: a steady 0.15 to 0.35 kWh a quarter
  const read = Array.from({ length: 48 }, (_, k) => ({
    at: ORIGIN + k * 15 * MINUTE,
    total: 1_000_000_000n + BigInt(k) * 250_000n + BigInt((k * k) % 4) * 100_000n,
    reset: false,
  }));
  // down from 22:00 CDT Oct 31 to 03:00 CST Nov 1, through midnight and the repeated hour; the
  // closed stay (from 19:37 CDT) checks out at 00:37 CDT, the open one checks in at 01:37 CST
  const outageFrom = 12;
  const newestFirst = Array.from({ length: OUTAGE }, (_, i) => OUTAGE - 1 - i);
  const s: Scenario = {
    read,
    outageFrom,
    stays: [2, 22, 30],
    upload: { order: newestFirst, sizes: [5, 7, 12], slots: [0, 0, 2], again: newestFirst.map((i) => i % 7 === 0) },
  };
  const { subject, reference } = await play(s);
  // the reference heard every reading in time: its statement stands; the subject's was revised
  const revisionOf = async (p: Property) => {
    const now = await statementOf(p.closedStay);
    return [now.revision, now.revisionReason];
  };
  expect(await revisionOf(reference)).toEqual([1, null]);
  expect(await revisionOf(subject)).toEqual([2, 'lateReading']);
});
