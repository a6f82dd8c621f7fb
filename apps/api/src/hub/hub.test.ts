import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { HUB_SIGN_IN, nextSlot, Role, type LiveMessage, type UserAccount } from '@portal/contract';
import { servicePointCapabilities } from '../db/schema';
import { markMissingMeters } from '../features/devices/monitor';
import { buildBusiness, buildLocation, buildMeter, buildSite, buildUser, deviceKeyOf, signIn } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';
import { until } from '../test/until';
import { announce, HUB_CHANNEL, locationChanged, meterValues, siteChanged, type Announced } from './events';

let t: TestApp;
const tokens = { ownerA: '', ownerB: '', managerA2: '', admin: '' };
let siteA2 = 0;
let busA = 0;
let siteA = 0;
let locA = 0;
/** Every notification on the hub's channel, as sent (one NOTIFY each). */
const notifications: Announced[][] = [];

beforeAll(async () => {
  t = await createTestApp();
  const db = t.deps.db;
  const a = await buildBusiness(db);
  busA = a.id;
  const b = await buildBusiness(db);
  siteA = (await buildSite(db, a.id)).id;
  siteA2 = (await buildSite(db, a.id)).id;
  locA = (await buildLocation(db, siteA)).id;
  tokens.ownerA = await signIn(t, await buildUser(db, { roleId: Role.SiteOwner, busEntityId: a.id }));
  tokens.ownerB = await signIn(t, await buildUser(db, { roleId: Role.SiteOwner, busEntityId: b.id }));
  tokens.managerA2 = await signIn(
    t,
    await buildUser(db, { roleId: Role.SiteManager, busEntityId: a.id, siteIds: [siteA2] }),
  );
  tokens.admin = await signIn(t, await buildUser(db, { roleId: Role.Administrator }));
  await t.deps.database.listen(HUB_CHANNEL, (payload) => notifications.push(JSON.parse(payload) as Announced[]));
});
afterAll(() => t.close());

type Received = LiveMessage & { siteId?: number };

/** A socket signed in by its first frame, as the browser does. */
async function listen(token: string): Promise<{ socket: WebSocket; received: Received[] }> {
  const socket = await t.app.injectWS('/api/hub');
  socket.send(JSON.stringify({ type: HUB_SIGN_IN, token }));
  const received: Received[] = [];
  await new Promise<void>((resolve) =>
    socket.on('message', (data) => {
      const m = JSON.parse(String(data)) as Received;
      if (m.type === 'connected') resolve();
      else if (m.type !== 'heartbeat') received.push(m);
    }),
  );
  return { socket, received };
}

/** The notifications sent by `act`: it waits for `count` of them, then a moment more for any extra. */
async function notified(count: number, act: () => Promise<unknown>): Promise<Announced[][]> {
  await new Promise((r) => setTimeout(r, 50));
  const from = notifications.length;
  await act();
  await until(() => notifications.length - from >= count);
  await new Promise((r) => setTimeout(r, 150));
  return notifications.slice(from);
}

const ofType = <K extends Announced['type']>(events: Announced[], type: K) =>
  events.filter((e): e is Extract<Announced, { type: K }> => e.type === type);

/** A location with two electric meters of two relays each. */
async function pedestal(siteId: number) {
  const db = t.deps.db;
  const loc = await buildLocation(db, siteId);
  const meters = [
    await buildMeter(db, { locationId: loc.id, slot: 1 }),
    await buildMeter(db, { locationId: loc.id, slot: 2 }),
  ];
  const caps = await db
    .insert(servicePointCapabilities)
    .values(meters.flatMap((m) => [2, 3].map((capabilityId) => ({ servicePointId: m.id, capabilityId }))))
    .returning();
  return { loc, meters, caps };
}

describe('the live hub', () => {
  it('delivers an event only to the users who may see its property', async () => {
    const clients = await Promise.all([
      listen(tokens.ownerA),
      listen(tokens.admin),
      listen(tokens.ownerB),
      listen(tokens.managerA2),
    ]);
    await announce(t.deps.db, [
      ...locationChanged(siteA, locA, new Date()),
      ...siteChanged(siteA2, new Date()),
      ...meterValues([{ siteId: siteA, servicePointID: 1, locationID: locA + 1, kwhTotal: 5 }], new Date()),
    ]);
    const seen = () => clients.map((c) => c.received.map((m) => `${m.type}:${m.siteId}`));
    // Wait for the users who see the properties, then a moment more for anything wrongly sent to the others.
    await until(() => seen()[0]!.length >= 3 && seen()[1]!.length >= 3 && seen()[3]!.length >= 1);
    await new Promise((r) => setTimeout(r, 200));
    const [ownerA, admin, ownerB, managerA2] = seen();
    const all = [
      `broadcastsitestatesdata:${siteA2}`,
      `broadcastlocationcapabilitesdata:${siteA}`,
      `meterValues:${siteA}`,
    ];
    expect(ownerA).toEqual(all);
    expect(admin).toEqual(all);
    expect(ownerB).toEqual([]);
    expect(managerA2).toEqual([`broadcastsitestatesdata:${siteA2}`]);
    for (const c of clients) c.socket.terminate();
  });

  it('delivers hundreds of events at once, beyond the size of one notification, and says each once', async () => {
    const { socket, received } = await listen(tokens.admin);
    const at = new Date();
    const locationIds = Array.from({ length: 400 }, (_, i) => i + 1);
    const meters = Array.from({ length: 300 }, (_, i) => ({
      siteId: siteA,
      servicePointID: i + 1,
      locationID: locA,
      kwhTotal: 1000 + i,
      lastSeenDT: at.toISOString(),
      usage: { dayUsage: 1, weekUsage: 2, monthUsage: 3, totalUsage: 4 },
    }));
    const sent = await notified(2, () =>
      t.deps.db.transaction(async (tx) => {
        for (const id of locationIds)
          await announce(tx, [...locationChanged(siteA2, id, at), ...locationChanged(siteA2, id, at)]);
        await announce(tx, meterValues(meters, at));
      }),
    );
    expect(sent.length).toBeGreaterThan(2);
    const locations = () => received.filter((m) => m.type === 'broadcastlocationcapabilitesdata');
    const values = () => received.flatMap((m) => (m.type === 'meterValues' ? m.meters : []));
    await until(() => locations().length >= 400 && values().length >= 300);
    await new Promise((r) => setTimeout(r, 100));
    expect(locations().map((m) => m.locationId)).toEqual(locationIds);
    expect(values().map((m) => m.servicePointID)).toEqual(meters.map((m) => m.servicePointID));
    socket.terminate();
  });

  it('a check-in: one notification, one event for the location; each answer one more with the relays', async () => {
    const { loc, caps } = await pedestal(siteA);
    const { socket, received } = await listen(tokens.ownerA);
    const sent = await notified(1, () =>
      t.call({
        method: 'POST',
        url: '/api/CheckinLocationServicePointCapabilities',
        token: tokens.admin,
        payload: {
          locationID: loc.id,
          autoCheckoutDateTime: nextSlot(new Date(t.deps.now().getTime() + 86_400_000)).toISOString(),
          servicePointCapabilities: caps.map((c) => ({ servicePointCapabilityID: c.id, status: 1 })),
        },
      }),
    );
    expect(sent).toEqual([
      [{ type: 'broadcastlocationcapabilitesdata', siteId: siteA, locationId: loc.id, at: expect.any(String) }],
    ]);
    const commands = t.gateway.sent.slice(-4);
    expect(commands).toHaveLength(4);

    const answered = await notified(1, () => t.gateway.answer(commands[0]!.messageId, 0));
    expect(answered).toHaveLength(1);
    const [values] = ofType(answered[0]!, 'meterValues');
    // the meter's relays as the row shows them: the answered one on, the other still pending
    expect(values!.meters).toEqual([
      expect.objectContaining({ locationID: loc.id, deviceControlRequestedState: 1, relays: expect.any(Array) }),
    ]);
    expect(values!.meters[0]!.relays!.map((r) => [r.status, r.apiCapabilityResponse])).toEqual([
      [1, null],
      [0, 'Pending'],
    ]);
    expect(ofType(answered[0]!, 'commandsSettled')).toEqual([
      { type: 'commandsSettled', commands: [{ messageId: commands[0]!.messageId, state: 'acked' }] },
    ]);
    expect(await until(() => received.some((m) => m.type === 'meterValues'))).toBe(true);
    // the browser never sees the instance-only events
    expect(received.map((m) => m.type)).toEqual(['broadcastlocationcapabilitesdata', 'meterValues']);
    socket.terminate();
  });

  it('announces a reading batch once, with each meter its new total, usage and time', async () => {
    const db = t.deps.db;
    const meters: Array<Awaited<ReturnType<typeof buildMeter>>> = [];
    for (let i = 0; i < 12; i++) {
      const loc = await buildLocation(db, i < 8 ? siteA : siteA2);
      meters.push(await buildMeter(db, { locationId: loc.id, slot: 1 }));
    }
    const readAt = new Date(t.deps.now().getTime() - 1_000);
    const sent = await notified(1, () =>
      t.gateway.events!.readings(meters.map((m, i) => ({ deviceKey: m.deviceKey, total: `${100 + i}.5`, readAt }))),
    );
    expect(sent).toHaveLength(1);
    const events = ofType(sent[0]!, 'meterValues');
    expect(events.map((e) => [e.siteId, e.meters.length])).toEqual([
      [siteA, 8],
      [siteA2, 4],
    ]);
    expect(sent[0]!.filter((e) => e.type !== 'meterValues')).toEqual([]);
    const first = events[0]!.meters[0]!;
    expect(first).toEqual({
      servicePointID: meters[0]!.id,
      locationID: meters[0]!.locationId,
      kwhTotal: 100.5,
      lastSeenDT: expect.any(String),
      usage: { dayUsage: 0, weekUsage: 0, monthUsage: 0, totalUsage: 0 },
    });
  });

  it('announces the meters that went missing in one event a property', async () => {
    const db = t.deps.db;
    const a = await buildBusiness(db);
    const sites = [(await buildSite(db, a.id)).id, (await buildSite(db, a.id)).id];
    const silentSince = new Date(t.deps.now().getTime() - 3_600_000);
    const gone = new Map<number, number[]>();
    for (const siteId of sites) {
      for (let i = 0; i < 3; i++) {
        const loc = await buildLocation(db, siteId);
        const m = await buildMeter(db, { locationId: loc.id, slot: 1, lastSeenAt: silentSince });
        gone.set(siteId, [...(gone.get(siteId) ?? []), m.id]);
      }
    }
    const sent = await notified(1, () => markMissingMeters(t.deps));
    expect(sent).toHaveLength(1);
    for (const siteId of sites) {
      const events = ofType(sent[0]!, 'meterValues').filter((e) => e.siteId === siteId);
      expect(events).toHaveLength(1);
      expect(events[0]!.meters.map((m) => [m.servicePointID, m.isMissingDevice])).toEqual(
        gone.get(siteId)!.map((id) => [id, true]),
      );
    }
    // one of them reports again: its reading says it is back (the properties' counts change)
    const back = gone.get(sites[0]!)![0]!;
    const deviceKey = await deviceKeyOf(db, back);
    const readAt = new Date(t.deps.now().getTime() - 1_000);
    const again = await notified(1, () => t.gateway.events!.readings([{ deviceKey, total: '7', readAt }]));
    expect(ofType(again[0]!, 'meterValues')[0]!.meters).toEqual([
      expect.objectContaining({ servicePointID: back, isMissingDevice: false, kwhTotal: 7 }),
    ]);
  });

  it('tells every socket to resync when the database listener reconnected', async () => {
    const clients = [await listen(tokens.ownerA), await listen(tokens.ownerB)];
    t.listenerResumed();
    expect(await until(() => clients.every((c) => c.received.some((m) => m.type === 'resync')))).toBe(true);
    for (const c of clients) c.socket.terminate();
  });

  it("follows an edit of the user: another property's events from then on, none once deactivated", async () => {
    const manager = await buildUser(t.deps.db, { roleId: Role.SiteManager, busEntityId: busA, siteIds: [siteA2] });
    const { socket, received } = await listen(await signIn(t, manager));
    // a Site Owner manages the Site Managers of the business
    const all = await t.call<UserAccount[]>({
      method: 'GET',
      url: '/api/Account/GetAllUserAccounts',
      token: tokens.ownerA,
    });
    const account = all.body.result.find((u) => u.userAccountID === manager.id)!;
    const edit = (over: Partial<UserAccount>) =>
      t.call({
        method: 'PUT',
        url: '/api/Account/UpdateUserAccount',
        token: tokens.ownerA,
        payload: { ...account, ...over },
      });
    const siteEvents = () => received.filter((m) => m.type === 'broadcastsitestatesdata').length;

    const moved = await edit({ siteIDs: [siteA] });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    // the change reaches the hub on the same channel as the events, before the event below
    await announce(t.deps.db, siteChanged(siteA, new Date()));
    expect(await until(() => siteEvents() === 1)).toBe(true);

    const closed = new Promise<number>((r) => socket.on('close', (code) => r(code)));
    expect((await edit({ active: false })).status).toBe(200);
    expect(await closed).toBe(4401);
  });

  it("closes the sockets of a session that signs out, and keeps the user's other sessions live", async () => {
    const owner = await buildUser(t.deps.db, { roleId: Role.SiteOwner, busEntityId: busA });
    const [here, elsewhere] = [await signIn(t, owner), await signIn(t, owner)];
    const mine = await listen(here);
    const other = await listen(elsewhere);
    const closed = new Promise<number>((r) => mine.socket.on('close', (code) => r(code)));
    expect((await t.call({ method: 'POST', url: '/api/Account/SignOut', token: here })).status).toBe(200);
    expect(await closed).toBe(4401);
    await announce(t.deps.db, siteChanged(siteA, new Date()));
    expect(await until(() => other.received.some((m) => m.type === 'broadcastsitestatesdata'))).toBe(true);
    other.socket.close();
  });

  const closeCode = (socket: WebSocket) => new Promise<number>((r) => socket.on('close', (c) => r(c)));

  it.each([
    ['a wrong token', JSON.stringify({ type: HUB_SIGN_IN, token: 'nope' })],
    ['another frame first', JSON.stringify({ type: 'heartbeat' })],
    ['no JSON', 'hello'],
  ])('closes a connection whose first frame is %s', async (_, frame) => {
    const socket = await t.app.injectWS('/api/hub');
    socket.send(frame);
    expect(await closeCode(socket)).toBe(4401);
  });

  it('takes no token from the address: it would show in logs and in the browser console', async () => {
    const socket = await t.app.injectWS(`/api/hub?access_token=${tokens.admin}`);
    const frames: string[] = [];
    socket.on('message', (data) => frames.push(String(data)));
    socket.send(JSON.stringify({ type: 'heartbeat' }));
    expect(await closeCode(socket)).toBe(4401);
    expect(frames).toEqual([]);
  });

  it('sends nothing to a socket before it has signed in', async () => {
    const socket = await t.app.injectWS('/api/hub');
    const frames: string[] = [];
    socket.on('message', (data) => frames.push(String(data)));
    await announce(t.deps.db, siteChanged(siteA, new Date()));
    await new Promise((r) => setTimeout(r, 200));
    expect(frames).toEqual([]);
    socket.send(JSON.stringify({ type: HUB_SIGN_IN, token: tokens.admin }));
    expect(await until(() => frames.some((f) => f.includes('"connected"')))).toBe(true);
    socket.close();
  });

  it('closes its sockets as going away (1001) when the server shuts down, so that browsers reconnect elsewhere', async () => {
    const stopping = await createTestApp();
    const admin = await buildUser(stopping.deps.db, { roleId: Role.Administrator });
    const socket = await stopping.app.injectWS(`/api/hub?access_token=${await signIn(stopping, admin)}`);
    const closed = new Promise<{ code: number; reason: string }>((r) =>
      socket.on('close', (code, reason) => r({ code, reason: String(reason) })),
    );
    await stopping.close();
    expect(await closed).toEqual({ code: 1001, reason: 'server shutting down' });
  });
});
