import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { Role } from '@portal/contract';
import {
  auditLog,
  deviceControlMessages,
  servicePointCapabilities,
  servicePoints,
  systemAlerts,
} from '../../db/schema';
import {
  buildBusiness,
  buildHandMeter,
  buildLocation,
  buildMeter,
  buildSite,
  buildUser,
  deviceKeyOf,
  signIn,
} from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { markMissingMeters } from './monitor';
import { expireCommands, queueControls, sendLeftQueued, settle } from './service';

let t: TestApp;
const tokens = { admin: '', ownerA: '', ownerB: '' };
const ids = { siteA: 0, siteB: 0, meter: 0, locA: 0 };

beforeAll(async () => {
  t = await createTestApp();
  const db = t.deps.db;
  const a = await buildBusiness(db);
  const b = await buildBusiness(db);
  ids.siteA = (await buildSite(db, a.id)).id;
  ids.siteB = (await buildSite(db, b.id)).id;
  ids.locA = (await buildLocation(db, ids.siteA)).id;
  const meter = await buildMeter(db, { locationId: ids.locA, slot: 1, deviceTypeId: 6, lastSeenAt: new Date() });
  await db.insert(servicePointCapabilities).values({ servicePointId: meter.id, capabilityId: 1 });
  ids.meter = meter.id;
  tokens.admin = await signIn(t, await buildUser(db, { roleId: Role.Administrator }));
  tokens.ownerA = await signIn(t, await buildUser(db, { roleId: Role.SiteOwner, busEntityId: a.id }));
  tokens.ownerB = await signIn(t, await buildUser(db, { roleId: Role.SiteOwner, busEntityId: b.id }));
});
afterAll(() => t.close());

const send = (token: string, requestedState: 0 | 1) =>
  t.call<{ messageId: number }>({
    method: 'PUT',
    url: '/api/SendDeviceControlMessage',
    token,
    payload: { servicePointId: ids.meter, requestedState },
  });
const message = (messageId: number) =>
  t.call<{ resultCode: number | null; requestedState: number; responseReceivedDate: string | null }>({
    method: 'GET',
    url: `/api/GetDeviceControlMessage?servicePointId=${ids.meter}&messageId=${messageId}`,
    token: tokens.ownerA,
  });

const commandAlertsOpen = () =>
  t.deps.db
    .select({ kind: systemAlerts.kind, params: systemAlerts.params })
    .from(systemAlerts)
    .where(
      and(
        eq(systemAlerts.servicePointId, ids.meter),
        inArray(systemAlerts.kind, ['commandFailed', 'commandTimedOut']),
        isNull(systemAlerts.resolvedAt),
      ),
    )
    .orderBy(systemAlerts.id);

describe('device control', () => {
  it('stores a command, sends it once while pending, and records the answer', async () => {
    const first = await send(tokens.ownerA, 1);
    const again = await send(tokens.ownerA, 1);
    expect(again.body.result.messageId).toBe(first.body.result.messageId);
    expect(t.gateway.sent.filter((c) => c.messageId === first.body.result.messageId)).toHaveLength(1);
    expect((await message(0)).body.result).toMatchObject({ resultCode: null, requestedState: 1 });

    await t.gateway.answer(first.body.result.messageId, 0);
    const answered = await message(first.body.result.messageId);
    expect(answered.body.result.resultCode).toBe(0);
    expect(answered.body.result.responseReceivedDate).not.toBeNull();
    const [relay] = await t.deps.db
      .select()
      .from(servicePointCapabilities)
      .where(eq(servicePointCapabilities.servicePointId, ids.meter));
    expect(relay).toMatchObject({ status: 1, apiCapabilityResponse: null });
  });

  it('sends a command whose request ended before handing it over, once, from the outbox', async () => {
    // committed, then the instance stopped before the hand-over
    const queued = await t.deps.db.transaction((tx) =>
      queueControls(tx, t.job.actor, [{ servicePointId: ids.meter, requestedState: 1 }], 'always', t.deps.now()),
    );
    const [id] = queued.ids;
    expect(await sendLeftQueued(t.job)).toBe(0); // too fresh: its request may still hand it over
    t.clock.advance(6_000);
    expect(await sendLeftQueued(t.job)).toBe(1);
    expect(await sendLeftQueued(t.job)).toBe(0);
    t.clock.set(new Date());
    expect(t.gateway.sent.filter((c) => c.messageId === id)).toHaveLength(1);
    const [row] = await t.deps.db.select().from(deviceControlMessages).where(eq(deviceControlMessages.id, id!));
    expect(row!.state).toBe('sent');
    await t.gateway.answer(id!, 0);
  });

  it('keeps the relay as it was when the meter answers with an error', async () => {
    const off = await send(tokens.admin, 0);
    await t.gateway.answer(off.body.result.messageId, 5);
    expect((await message(0)).body.result.resultCode).toBe(5);
    const [relay] = await t.deps.db
      .select()
      .from(servicePointCapabilities)
      .where(eq(servicePointCapabilities.servicePointId, ids.meter));
    expect(relay).toMatchObject({ status: 1, apiCapabilityResponse: 'Failed: result code 5' });
    expect(await commandAlertsOpen()).toEqual([
      { kind: 'commandFailed', params: expect.objectContaining({ command: 'OFF', code: 5 }) },
    ]);
  });

  it('times out a command nobody answers; an answer after that still tells the relay’s real state', async () => {
    const off = await send(tokens.admin, 0);
    t.clock.advance(61_000);
    expect(await expireCommands(t.job)).toBe(1);
    t.clock.set(new Date());
    const res = await message(off.body.result.messageId);
    expect(res.body.result).toMatchObject({ resultCode: null, state: 'timed_out' });
    const relay = async () =>
      (
        await t.deps.db
          .select()
          .from(servicePointCapabilities)
          .where(eq(servicePointCapabilities.servicePointId, ids.meter))
      )[0];
    expect(await relay()).toMatchObject({ status: 1, apiCapabilityResponse: 'Failed: no response' });
    expect((await commandAlertsOpen()).map((a) => a.kind)).toEqual(['commandFailed', 'commandTimedOut']);
    await t.gateway.answer(off.body.result.messageId, 0);
    expect((await message(off.body.result.messageId)).body.result).toMatchObject({ resultCode: 0, state: 'acked' });
    expect(await relay()).toMatchObject({ status: 0, apiCapabilityResponse: null });
    // carried out after all: the meter's command alerts resolve
    expect(await commandAlertsOpen()).toEqual([]);
  });

  it('settles a batch of answers at once; of two commands for one relay the later decides', async () => {
    const on = (await send(tokens.admin, 1)).body.result.messageId;
    const off = (await send(tokens.admin, 0)).body.result.messageId;
    const deviceKey = await deviceKeyOf(t.deps.db, ids.meter);
    const at = new Date();
    await settle(t.job, [
      { messageId: on, deviceKey, resultCode: 0, at },
      { messageId: off, deviceKey, resultCode: 0, at },
    ]);
    expect((await message(on)).body.result.resultCode).toBe(0);
    expect((await message(off)).body.result.resultCode).toBe(0);
    const [relay] = await t.deps.db
      .select()
      .from(servicePointCapabilities)
      .where(eq(servicePointCapabilities.servicePointId, ids.meter));
    expect(relay).toMatchObject({ status: 0, apiCapabilityResponse: null });
  });

  it("refuses another business's meter", async () => {
    expect((await send(tokens.ownerB, 1)).status).toBe(403);
    expect(
      (
        await t.call({
          method: 'GET',
          url: `/api/GetDeviceControlMessage?servicePointId=${ids.meter}&messageId=0`,
          token: tokens.ownerB,
        })
      ).status,
    ).toBe(403);
  });
});

describe('bulk device control', () => {
  const bulk = (token: string, payload: Array<{ servicePointId: number; requestedState: 0 | 1 }>) =>
    t.call<Array<{ messageId: number }>>({ method: 'PUT', url: '/api/BulkSendDeviceControlMessage', token, payload });

  it('switches many meters in one call, answers the ids in order, and sends each command once', async () => {
    const db = t.deps.db;
    const locations = [await buildLocation(db, ids.siteA), await buildLocation(db, ids.siteB)];
    const meters = [];
    for (const loc of locations) meters.push(await buildMeter(db, { locationId: loc.id, slot: 1, deviceTypeId: 6 }));
    await db.insert(servicePointCapabilities).values(meters.map((m) => ({ servicePointId: m.id, capabilityId: 1 })));
    const body = meters.map((m) => ({ servicePointId: m.id, requestedState: 1 as const }));

    const first = await bulk(tokens.admin, body);
    expect(first.status).toBe(200);
    const messageIds = first.body.result.map((r) => r.messageId);
    const sent = () => t.gateway.sent.filter((c) => messageIds.includes(c.messageId));
    expect(sent().map((c) => [c.messageId, c.deviceKey])).toEqual(meters.map((m, i) => [messageIds[i], m.deviceKey]));
    const meterIds = meters.map((m) => m.id);
    const relays = await db
      .select()
      .from(servicePointCapabilities)
      .where(inArray(servicePointCapabilities.servicePointId, meterIds));
    expect(relays.map((r) => r.apiCapabilityResponse)).toEqual(['Pending', 'Pending']);
    const audited = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'deviceControl'), inArray(auditLog.entityId, meterIds.map(String))));
    expect(audited).toHaveLength(2);

    const again = await bulk(tokens.admin, [...body].reverse());
    expect(again.body.result.map((r) => r.messageId)).toEqual([...messageIds].reverse());
    expect(sent()).toHaveLength(2);
  });

  it('refuses the whole list when one meter does not exist, and sends nothing', async () => {
    const before = t.gateway.sent.length;
    const res = await bulk(tokens.admin, [
      { servicePointId: ids.meter, requestedState: 0 },
      { servicePointId: 999_999, requestedState: 0 },
    ]);
    expect(res.status).toBe(404);
    expect(t.gateway.sent).toHaveLength(before);
  });

  it('is for Administrators only', async () => {
    expect((await bulk(tokens.ownerA, [{ servicePointId: ids.meter, requestedState: 1 }])).status).toBe(403);
  });
});

describe('meter health', () => {
  it('marks a silent meter missing once, with one alert, and recovers it when it speaks; never one read by hand', async () => {
    const hand = await buildHandMeter(t.deps.db, {
      locationId: ids.locA,
      slot: 2,
      createdAt: new Date(Date.now() - 3_600_000),
    });
    await t.deps.db
      .update(servicePoints)
      .set({ lastSeenAt: new Date(Date.now() - 3_600_000) })
      .where(eq(servicePoints.id, ids.meter));
    expect(await markMissingMeters(t.deps)).toBe(1);
    expect(await markMissingMeters(t.deps)).toBe(0);
    const open = await t.deps.db
      .select()
      .from(systemAlerts)
      .where(and(eq(systemAlerts.servicePointId, ids.meter), isNull(systemAlerts.resolvedAt)));
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ kind: 'missingDevice', params: { since: expect.any(String) as string } });
    const [quiet] = await t.deps.db.select().from(servicePoints).where(eq(servicePoints.id, hand.id));
    expect(quiet!.isMissingDevice).toBe(false);

    await t.gateway.events!.heartbeats([{ deviceKey: await deviceKeyOf(t.deps.db, ids.meter), at: new Date() }]);
    const [back] = await t.deps.db.select().from(servicePoints).where(eq(servicePoints.id, ids.meter));
    expect(back!.isMissingDevice).toBe(false);
    const still = await t.deps.db
      .select()
      .from(systemAlerts)
      .where(and(eq(systemAlerts.servicePointId, ids.meter), isNull(systemAlerts.resolvedAt)));
    expect(still).toHaveLength(0);
  });

  it('stores readings from the gateway and counts usage', async () => {
    const deviceKey = await deviceKeyOf(t.deps.db, ids.meter);
    const base = Date.now();
    await t.gateway.events!.readings([
      { deviceKey, readAt: new Date(base + 1000), total: '50' },
      { deviceKey, readAt: new Date(base + 2000), total: '52.25' },
      { deviceKey: 'no-such-meter', readAt: new Date(base + 2000), total: '1' },
    ]);
    const [after] = await t.deps.db.select().from(servicePoints).where(eq(servicePoints.id, ids.meter));
    expect(after!.lastReading).toBe('52.250000');
  });
});
