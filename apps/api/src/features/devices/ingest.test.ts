import { Writable } from 'node:stream';
import { and, eq, isNull, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role, type LocationRow } from '@portal/contract';
import { meterReadings, meterRefusals, servicePoints, systemAlerts } from '../../db/schema';
import type { DeviceEvents, DeviceRefusal } from '../../gateway/gateway';
import { buildBusiness, buildLocation, buildMeter, buildSite, buildUser, signIn } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { deviceEvents } from './ingest';
import { markMissingMeters } from './monitor';
import { REFUSAL_LOG_INTERVAL_MS, REFUSALS_QUIET_HOURS, resolveQuietRefusals } from './refusals';

let t: TestApp;
let events: DeviceEvents;
const logged: Array<{ msg: string; deviceKey?: string; refused?: Array<{ reason: string; count: number }> }> = [];
const ids = { site: 0, location: 0 };
const tokens = { admin: '', owner: '' };

beforeAll(async () => {
  t = await createTestApp();
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      logged.push(JSON.parse(chunk.toString('utf8')) as (typeof logged)[number]);
      done();
    },
  });
  events = deviceEvents(t.deps, pino({ level: 'warn' }, sink));
  const business = await buildBusiness(t.deps.db);
  ids.site = (await buildSite(t.deps.db, business.id)).id;
  ids.location = (await buildLocation(t.deps.db, ids.site)).id;
  tokens.admin = await signIn(t, await buildUser(t.deps.db, { roleId: Role.Administrator }));
  tokens.owner = await signIn(t, await buildUser(t.deps.db, { roleId: Role.SiteOwner, busEntityId: business.id }));
});
afterAll(() => t.close());

const meter = async (over: Parameters<typeof buildMeter>[1] = {}) =>
  buildMeter(t.deps.db, {
    deviceTypeId: 6,
    lastReading: '100',
    lastReadingAt: new Date(Date.now() - 60_000),
    createdAt: new Date(Date.now() - 86_400_000),
    ...over,
  });
const storedOf = (meterId: number) =>
  t.deps.db.select().from(meterReadings).where(eq(meterReadings.servicePointId, meterId));
const refusalsOf = (deviceKey: string) =>
  t.deps.db.select().from(meterRefusals).where(eq(meterRefusals.deviceKey, deviceKey));

describe('readings from the devices', () => {
  it("stores every other meter's readings of a batch when one meter's cannot be stored", async () => {
    const good = await meter();
    const refused = await meter();
    // Whatever the cause (a bug, a constraint, an overflow), the database refuses this meter's readings.
    await t.deps.db.execute(
      sql.raw(`create function refuse_meter() returns trigger language plpgsql as $$
        begin raise exception 'meter ${refused.id} refused'; end $$`),
    );
    await t.deps.db.execute(
      sql.raw(`create trigger refuse_meter before insert on meter_readings
        for each row when (new.service_point_id = ${refused.id}) execute function refuse_meter()`),
    );
    const now = new Date();
    await events.readings([
      { deviceKey: refused.deviceKey, readAt: now, total: '110' },
      { deviceKey: good.deviceKey, readAt: now, total: '105.5' },
    ]);
    expect((await storedOf(good.id)).map((r) => r.total)).toEqual(['105.500000']);
    const [after] = await t.deps.db.select().from(servicePoints).where(eq(servicePoints.id, good.id));
    expect(after?.lastReading).toBe('105.500000');
    expect(await storedOf(refused.id)).toEqual([]);
  });

  it('refuses readings and heartbeats of device keys no meter has, and stores the others', async () => {
    const known = await meter();
    const now = new Date();
    const refused = [
      ...(await events.readings([
        { deviceKey: 'dk-nobody', readAt: now, total: '1' },
        { deviceKey: known.deviceKey, readAt: now, total: '101' },
      ])),
      ...(await events.heartbeats([
        { deviceKey: 'dk-nobody', at: now },
        { deviceKey: known.deviceKey, at: now },
      ])),
    ];
    expect(await storedOf(known.id)).toHaveLength(1);
    expect(refused.map((r) => [r.deviceKey, r.reason, r.detail])).toEqual([
      ['dk-nobody', 'unknownMeter', `reading total 1 at ${now.toISOString()}`],
      ['dk-nobody', 'unknownMeter', `heartbeat at ${now.toISOString()}`],
    ]);
  });
});

describe('readings outside the time a reading may have, or at an instant already taken', () => {
  const DAY = 86_400_000;

  it('refuses a reading older than READING_MAX_AGE_DAYS (a dead clock at 1970 too) or from before its meter was registered', async () => {
    const now = t.deps.now();
    const registered = new Date(now.getTime() - 10 * DAY);
    const m = await meter({ createdAt: registered });
    const refused = await events.readings([
      { deviceKey: m.deviceKey, readAt: new Date(now.getTime() - 36 * DAY), total: '90' },
      { deviceKey: m.deviceKey, readAt: new Date(5_000), total: '90' },
      { deviceKey: m.deviceKey, readAt: new Date(registered.getTime() - 6 * 60_000), total: '95' },
      // a meter's clock a little behind the server's
      { deviceKey: m.deviceKey, readAt: new Date(registered.getTime() - 4 * 60_000), total: '96' },
    ]);
    expect(refused.map((r) => r.reason)).toEqual(['tooOld', 'tooOld', 'beforeMeter']);
    expect((await storedOf(m.id)).map((r) => r.total)).toEqual(['96.000000']);
    // the next real reading is measured from the one stored: nothing in 1970 made a new baseline
    await events.readings([{ deviceKey: m.deviceKey, readAt: now, total: '97' }]);
    expect((await storedOf(m.id)).map((r) => r.kind)).toEqual(['normal', 'normal']);
    expect(await t.deps.db.select().from(systemAlerts).where(eq(systemAlerts.servicePointId, m.id))).toEqual([]);
  });

  it('refuses another total at an instant already stored, with its own reason; the same total again is taken silently', async () => {
    const m = await meter();
    const at = new Date(t.deps.now().getTime() - 60_000);
    expect(await events.readings([{ deviceKey: m.deviceKey, readAt: at, total: '101' }])).toEqual([]);
    const refused = await events.readings([
      { deviceKey: m.deviceKey, readAt: at, total: '101.000' },
      { deviceKey: m.deviceKey, readAt: at, total: '150' },
    ]);
    expect(refused.map((r) => [r.reason, r.detail])).toEqual([
      ['conflictingTotal', `reading total 150 at ${at.toISOString()}`],
    ]);
    // two totals for one instant in one batch: the first is taken, the second refused
    const later = new Date(at.getTime() + 30_000);
    const inBatch = await events.readings([
      { deviceKey: m.deviceKey, readAt: later, total: '102' },
      { deviceKey: m.deviceKey, readAt: later, total: '103' },
    ]);
    expect(inBatch.map((r) => r.reason)).toEqual(['conflictingTotal']);
    expect((await storedOf(m.id)).map((r) => r.total)).toEqual(['101.000000', '102.000000']);
  });

  it("keeps a meter's last-seen time at the server's clock, never ahead of it, nor back at an old reading's", async () => {
    const m = await meter();
    const now = t.deps.now();
    await events.readings([{ deviceKey: m.deviceKey, readAt: new Date(now.getTime() + 4 * 60_000), total: '101' }]);
    const [ahead] = await t.deps.db.select().from(servicePoints).where(eq(servicePoints.id, m.id));
    expect(ahead!.lastSeenAt!.getTime()).toBeLessThanOrEqual(t.deps.now().getTime());
    expect(ahead!.lastReadingAt).toEqual(new Date(now.getTime() + 4 * 60_000));
    // readings a meter buffered while it was offline: it is heard now
    await events.readings([{ deviceKey: m.deviceKey, readAt: new Date(now.getTime() - 3_600_000), total: '100.5' }]);
    const [late] = await t.deps.db.select().from(servicePoints).where(eq(servicePoints.id, m.id));
    expect(late!.lastSeenAt!.getTime()).toBeGreaterThanOrEqual(now.getTime());
  });
});

describe('refused device messages', () => {
  const refusal = (
    deviceKey: string,
    reason: DeviceRefusal['reason'],
    at: Date,
    detail = 'reading x',
  ): DeviceRefusal => ({
    deviceKey,
    reason,
    detail,
    at,
  });

  it('are counted per meter and reason, with the first and last time and what came last', async () => {
    const m = await meter();
    const t0 = new Date('2026-11-23T20:00:00Z');
    const t1 = new Date('2026-11-23T20:00:30Z');
    await events.refusals([
      refusal(m.deviceKey, 'malformed', t0, 'reading {"total":"abc"}'),
      refusal(m.deviceKey, 'clockAhead', t0),
      refusal(m.deviceKey, 'malformed', t1, 'reading {"total":"1e309"}'),
    ]);
    await events.refusals([refusal(m.deviceKey, 'malformed', t1, 'reading {"total":"x"}')]);
    const rows = (await refusalsOf(m.deviceKey)).sort((a, b) => a.reason.localeCompare(b.reason));
    expect(rows).toMatchObject([
      { reason: 'clockAhead', count: 1, firstAt: t0, lastAt: t0 },
      { reason: 'malformed', count: 3, firstAt: t0, lastAt: t1, lastDetail: 'reading {"total":"x"}' },
    ]);
  });

  it('raise one alert a meter on a location, its figures kept current, resolved after a quiet day', async () => {
    const m = await meter({ locationId: (await buildLocation(t.deps.db, ids.site)).id, slot: 1 });
    const stock = await meter();
    const t0 = t.deps.now();
    await events.refusals([refusal(m.deviceKey, 'outOfRange', t0), refusal(stock.deviceKey, 'malformed', t0)]);
    await events.refusals([refusal(m.deviceKey, 'outOfRange', t0), refusal(m.deviceKey, 'outOfRange', t0)]);
    const open = () =>
      t.deps.db
        .select()
        .from(systemAlerts)
        .where(and(eq(systemAlerts.kind, 'readingRefused'), isNull(systemAlerts.resolvedAt)));
    const alerts = await open();
    expect(alerts).toHaveLength(1); // a meter in stock belongs to no property: no alert
    expect(alerts[0]).toMatchObject({
      servicePointId: m.id,
      siteId: ids.site,
      params: { count: 3, reason: 'outOfRange' },
    });
    t.clock.advance((REFUSALS_QUIET_HOURS - 1) * 3_600_000);
    expect(await resolveQuietRefusals(t.deps)).toBe(0);
    t.clock.advance(2 * 3_600_000);
    expect(await resolveQuietRefusals(t.deps)).toBe(1);
    t.clock.set(new Date());
    expect(await open()).toHaveLength(0);
  });

  it("are logged once an interval for a meter's reason, however many come", async () => {
    const m = await meter();
    const ofMeter = () => logged.filter((l) => l.deviceKey === m.deviceKey);
    for (let i = 0; i < 5; i++) await events.refusals([refusal(m.deviceKey, 'outOfRange', t.deps.now())]);
    expect(ofMeter()).toHaveLength(1);
    expect(ofMeter()[0]!.refused).toMatchObject([{ reason: 'outOfRange', count: 1 }]);
    t.clock.advance(REFUSAL_LOG_INTERVAL_MS + 1000);
    await events.refusals([refusal(m.deviceKey, 'outOfRange', t.deps.now())]);
    t.clock.set(new Date());
    expect(ofMeter()).toHaveLength(2);
    expect(ofMeter()[1]!.refused).toMatchObject([{ reason: 'outOfRange', count: 6 }]);
  });

  it('show an Administrator why and when a meter last had a message refused, in the inventory and the locations table', async () => {
    const m = await meter({ locationId: ids.location, slot: 1 });
    const at = new Date('2026-11-23T21:00:00Z');
    await events.refusals([
      refusal(m.deviceKey, 'badTimestamp', new Date('2026-11-23T20:00:00Z')),
      refusal(m.deviceKey, 'clockAhead', at),
    ]);
    const inventory = await t.call<{ rows: Array<{ servicePointID: number; lastRefusal: unknown }> }>({
      method: 'GET',
      url: `/api/ServicePoint/GetMeterInventory?search=${m.name}`,
      token: tokens.admin,
    });
    expect(inventory.body.result.rows.find((r) => r.servicePointID === m.id)?.lastRefusal).toEqual({
      reason: 'clockAhead',
      at: at.toISOString(),
    });
    const table = await t.call<LocationRow[]>({
      method: 'GET',
      url: `/api/GetAllLocationsWithMetersBySiteID?siteID=${ids.site}`,
      token: tokens.admin,
    });
    const row = table.body.result.find((l) => l.locationID === ids.location);
    expect(row?.servicePoints.find((sp) => sp.servicePointID === m.id)?.lastRefusal).toEqual({
      reason: 'clockAhead',
      at: at.toISOString(),
    });
  });
});

describe('the connection a meter reports (its Last Will)', () => {
  const watched = async (over: Parameters<typeof buildMeter>[1] = {}) =>
    meter({ locationId: (await buildLocation(t.deps.db, ids.site)).id, slot: 1, lastSeenAt: t.deps.now(), ...over });
  const stateOf = async (id: number) => {
    const [sp] = await t.deps.db.select().from(servicePoints).where(eq(servicePoints.id, id));
    return [sp!.connectionState, sp!.isMissingDevice];
  };
  const openAlerts = async (id: number) =>
    (
      await t.deps.db
        .select({ kind: systemAlerts.kind })
        .from(systemAlerts)
        .where(and(eq(systemAlerts.servicePointId, id), isNull(systemAlerts.resolvedAt)))
    ).map((a) => a.kind);
  const shownMissing = async (id: number) => {
    const table = await t.call<LocationRow[]>({
      method: 'GET',
      url: `/api/GetAllLocationsWithMetersBySiteID?siteID=${ids.site}`,
      token: tokens.admin,
    });
    return table.body.result.flatMap((l) => l.servicePoints).find((sp) => sp.servicePointID === id)?.isMissingDevice;
  };
  const base = Date.now();
  const at = (seconds: number) => new Date(base + seconds * 1000);

  it('shows a meter missing as soon as its Last Will says offline, with one alert, and back when it says online', async () => {
    const m = await watched();
    const say = (state: 'online' | 'offline', seconds: number) =>
      events.statuses([{ deviceKey: m.deviceKey, state, at: at(seconds) }]);
    expect(await say('online', 0)).toEqual([]);
    expect(await stateOf(m.id)).toEqual(['online', false]);
    await say('offline', 10);
    expect(await stateOf(m.id)).toEqual(['offline', true]);
    expect(await shownMissing(m.id)).toBe(true);
    expect(await openAlerts(m.id)).toEqual(['missingDevice']);
    await say('offline', 11);
    expect(await openAlerts(m.id)).toEqual(['missingDevice']);
    // an 'online' another instance received before the will, and stored after it
    await say('online', 5);
    expect(await stateOf(m.id)).toEqual(['offline', true]);
    await say('online', 20);
    expect(await stateOf(m.id)).toEqual(['online', false]);
    expect(await shownMissing(m.id)).toBe(false);
    expect(await openAlerts(m.id)).toEqual([]);
  });

  it("takes a reading or a heartbeat after 'offline' as the meter back; of a batch's statuses the last counts", async () => {
    const m = await watched();
    const status = (state: 'online' | 'offline', seconds: number) => ({
      deviceKey: m.deviceKey,
      state,
      at: at(seconds),
    });
    await events.statuses([status('online', 0), status('offline', 1)]);
    expect(await stateOf(m.id)).toEqual(['offline', true]);
    await events.readings([{ deviceKey: m.deviceKey, readAt: t.deps.now(), total: '101' }]);
    expect(await stateOf(m.id)).toEqual(['online', false]);
    await events.statuses([status('offline', 2)]);
    expect(await stateOf(m.id)).toEqual(['offline', true]);
    await events.heartbeats([{ deviceKey: m.deviceKey, at: t.deps.now() }]);
    expect(await stateOf(m.id)).toEqual(['online', false]);
    expect(await openAlerts(m.id)).toEqual([]);
  });

  it("refuses the status of a key no meter has and stores the others'; a meter in stock or not monitored does not go missing", async () => {
    const stock = await meter();
    const excluded = await watched({ excludeFromMonitoring: true });
    const refused = await events.statuses([
      { deviceKey: 'dk-nobody', state: 'offline', at: at(0) },
      { deviceKey: stock.deviceKey, state: 'offline', at: at(0) },
      { deviceKey: excluded.deviceKey, state: 'offline', at: at(0) },
    ]);
    expect(refused.map((r) => [r.deviceKey, r.reason, r.detail])).toEqual([
      ['dk-nobody', 'unknownMeter', 'status offline'],
    ]);
    expect(await stateOf(stock.id)).toEqual(['offline', false]);
    expect(await stateOf(excluded.id)).toEqual(['offline', false]);
  });

  it('keeps the silence rule for a meter that said it is online: connected but mute is missing too', async () => {
    const m = await watched({ lastSeenAt: new Date(t.deps.now().getTime() - 3_600_000) });
    await events.statuses([
      { deviceKey: m.deviceKey, state: 'online', at: new Date(t.deps.now().getTime() - 3_600_000) },
    ]);
    expect(await stateOf(m.id)).toEqual(['online', false]);
    await markMissingMeters(t.deps);
    expect(await stateOf(m.id)).toEqual(['online', true]);
  });
});
