import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { Role, type UserAccount } from '@portal/contract';
import { buildBusiness, buildLocation, buildSite, buildUser, signIn } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';
import { until } from '../test/until';
import { announce, locationChanged } from './events';

let t: TestApp;
const tokens = { ownerA: '', ownerB: '', managerA2: '', admin: '' };
let siteA2 = 0;
let busA = 0;
let siteA = 0;
let locA = 0;

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
});
afterAll(() => t.close());

async function listen(
  token: string,
): Promise<{ socket: WebSocket; received: Array<{ type: string; siteId?: number }> }> {
  const socket = await t.app.injectWS(`/api/hub?access_token=${token}`);
  const received: Array<{ type: string; siteId?: number }> = [];
  await new Promise<void>((resolve) =>
    socket.on('message', (data) => {
      const m = JSON.parse(String(data)) as { type: string };
      if (m.type === 'connected') resolve();
      else received.push(m);
    }),
  );
  return { socket, received };
}

describe('the live hub', () => {
  it('delivers a site event only to the users who may see the site', async () => {
    const clients = await Promise.all([
      listen(tokens.ownerA),
      listen(tokens.admin),
      listen(tokens.ownerB),
      listen(tokens.managerA2),
    ]);
    await announce(t.deps.db, locationChanged(siteA, locA, new Date()));
    const types = () => clients.map((c) => c.received.filter((m) => m.type !== 'heartbeat').map((m) => m.type));
    // Wait for the users who see the site, then a moment more for anything wrongly sent to the others.
    await until(() => types()[0]!.length >= 2 && types()[1]!.length >= 2);
    await new Promise((r) => setTimeout(r, 200));
    const [ownerA, admin, ownerB, managerA2] = types();
    expect(ownerA).toEqual(['broadcastlocationcapabilitesdata', 'broadcastsitestatesdata']);
    expect(admin).toEqual(['broadcastlocationcapabilitesdata', 'broadcastsitestatesdata']);
    expect(ownerB).toEqual([]);
    expect(managerA2).toEqual([]);
    for (const c of clients) c.socket.terminate();
  });

  it('delivers hundreds of events at once, beyond the size of one notification', async () => {
    const { socket, received } = await listen(tokens.admin);
    const events = Array.from({ length: 400 }, () => locationChanged(siteA, locA, new Date())).flat();
    await announce(t.deps.db, events);
    const delivered = () => received.filter((m) => m.type !== 'heartbeat').length;
    await until(() => delivered() >= 800);
    await new Promise((r) => setTimeout(r, 100));
    expect(delivered()).toBe(800);
    socket.terminate();
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
    await announce(t.deps.db, locationChanged(siteA, locA, new Date()));
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
    await announce(t.deps.db, locationChanged(siteA, locA, new Date()));
    expect(await until(() => other.received.some((m) => m.type === 'broadcastsitestatesdata'))).toBe(true);
    other.socket.close();
  });

  it('closes a connection without a valid token', async () => {
    const socket = await t.app.injectWS('/api/hub?access_token=nope');
    const code = await new Promise<number>((r) => socket.on('close', (c) => r(c)));
    expect(code).toBe(4401);
  });
});
