import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type AlertsPage, Role, routes } from '@portal/contract';
import { rows } from '../../db/client';
import type { Deps } from '../../deps';
import { TestGateway } from '../../test/gateway';
import { buildBusiness, buildSite, buildUser, signIn } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { notifyAlerts } from '../alerts';
import { recordBrokerDrops } from './broker-drops';

const TOPIC = '$SYS/broker/publish/messages/dropped';
const T0 = Date.parse('2026-11-23T20:00:00Z');

let t: TestApp;
const tokens = { admin: '', owner: '' };
const ids = { admin: 0, owner: 0 };

/** An instance of the portal on the test's database whose gateway read `count` at `T0 + seconds`. */
function instance(): { deps: Deps; read(count: number, seconds: number): void } {
  const gateway = new TestGateway();
  return {
    deps: { ...t.deps, devices: gateway },
    read: (count, seconds) => (gateway.brokerDropped = { topic: TOPIC, count, at: new Date(T0 + seconds * 1000) }),
  };
}

type Alert = { kind: string; params: Record<string, unknown>; site_id: number | null; resolved_at: Date | null };
const alerts = () =>
  rows<Alert>(t.deps.db, sql`select kind, params, site_id, resolved_at from system_alerts order by id`);
/** The open alert of no property, `dropped` messages since the count read at `T0 + sinceSeconds`. */
const openAlert = (dropped: number, sinceSeconds: number): Alert => ({
  kind: 'brokerDropped',
  params: { dropped, since: new Date(T0 + sinceSeconds * 1000).toISOString() },
  site_id: null,
  resolved_at: null,
});

beforeAll(async () => {
  t = await createTestApp();
  const business = await buildBusiness(t.deps.db);
  await buildSite(t.deps.db, business.id);
  const admin = await buildUser(t.deps.db, { roleId: Role.Administrator });
  const owner = await buildUser(t.deps.db, { roleId: Role.SiteOwner, busEntityId: business.id });
  [ids.admin, ids.owner] = [admin.id, owner.id];
  [tokens.admin, tokens.owner] = [await signIn(t, admin), await signIn(t, owner)];
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.deps.db.execute(sql`delete from alert_notifications`);
  await t.deps.db.execute(sql`delete from system_alerts`);
  await t.deps.db.execute(sql`delete from broker_drops`);
});

describe("the broker's dropped messages", () => {
  it('count from the broker’s start: the first count read whole, then each growth, in one critical alert of no property', async () => {
    const one = instance();
    one.read(0, 0);
    expect(await recordBrokerDrops(one.deps)).toBe(0);
    expect(await alerts()).toEqual([]);

    one.read(345, 10);
    expect(await recordBrokerDrops(one.deps)).toBe(345);
    expect(await alerts()).toEqual([openAlert(345, 10)]);
    // the same count again, read later: nothing more
    one.read(345, 20);
    expect(await recordBrokerDrops(one.deps)).toBe(0);
    one.read(1_345, 30);
    expect(await recordBrokerDrops(one.deps)).toBe(1_000);
    expect(await alerts()).toEqual([openAlert(1_345, 10)]);
  });

  it('counts whole a first count above 0: the broker publishes it when it changes, so it dropped just now', async () => {
    const one = instance();
    one.read(20_657, 0);
    expect(await recordBrokerDrops(one.deps)).toBe(20_657);
    expect(await alerts()).toEqual([openAlert(20_657, 0)]);
  });

  it('is seen and mailed by Administrators only: the broker is no property of a Site Owner', async () => {
    const one = instance();
    one.read(0, 0);
    await recordBrokerDrops(one.deps);
    one.read(20_657, 10);
    await recordBrokerDrops(one.deps);
    const listed = async (token: string) =>
      (await t.call<AlertsPage>({ url: routes.alerts.list.path, token })).body.result.alerts.map((a) => a.kind);
    expect(await listed(tokens.admin)).toEqual(['brokerDropped']);
    expect(await listed(tokens.owner)).toEqual([]);
    await notifyAlerts(t.deps);
    const told = await rows<{ user_account_id: number }>(
      t.deps.db,
      sql`select user_account_id from alert_notifications`,
    );
    expect(told.map((r) => r.user_account_id)).toContain(ids.admin);
    expect(told.map((r) => r.user_account_id)).not.toContain(ids.owner);
  });

  it('raises one alert for one growth, however many instances read it at once, and adds later growth to it', async () => {
    const instances = [instance(), instance(), instance()];
    instances[0]!.read(0, 0);
    await recordBrokerDrops(instances[0]!.deps);
    // each instance received the broker's count a moment apart
    instances.forEach((i, n) => i.read(345, 10 + n * 0.01));
    const counted = await Promise.all(instances.map((i) => recordBrokerDrops(i.deps)));
    expect(counted.reduce((a, b) => a + b, 0)).toBe(345);
    instances.forEach((i, n) => i.read(400, 20 + n * 0.01));
    await Promise.all(instances.map((i) => recordBrokerDrops(i.deps)));
    // since the growth was first counted: by whichever instance took the count first
    const counters = [0, 1, 2].map((n) => openAlert(400, 10 + n * 0.01));
    expect(counters).toContainEqual((await alerts())[0]);
    expect(await alerts()).toHaveLength(1);
  });

  it('counts nothing from an instance whose reading is older than the one counted, and from 0 after the broker restarted', async () => {
    const [fresh, stale] = [instance(), instance()];
    fresh.read(1_000, 0);
    await recordBrokerDrops(fresh.deps);
    fresh.read(1_200, 20);
    stale.read(1_100, 10); // its watch lost the broker before the latest count
    expect(await recordBrokerDrops(fresh.deps)).toBe(200);
    expect(await recordBrokerDrops(stale.deps)).toBe(0);
    // the broker restarted: its count begins again at 0
    fresh.read(30, 40);
    expect(await recordBrokerDrops(fresh.deps)).toBe(30);
    expect((await alerts()).map((a) => a.params.dropped)).toEqual([1_230]);
  });

  it('raises a new alert for growth after the last one was resolved', async () => {
    const one = instance();
    one.read(10, 0);
    await recordBrokerDrops(one.deps);
    await t.deps.db.execute(sql`update system_alerts set resolved_at = ${new Date(T0 + 15_000)}`);
    one.read(15, 20);
    await recordBrokerDrops(one.deps);
    expect((await alerts()).map((a) => [a.params.dropped, a.resolved_at !== null])).toEqual([
      [10, true],
      [5, false],
    ]);
  });

  it('does nothing while the gateway has read no count (the simulated fleet, or a broker that keeps it to itself)', async () => {
    expect(await recordBrokerDrops(instance().deps)).toBe(0);
    expect(await rows(t.deps.db, sql`select * from broker_drops`)).toEqual([]);
  });
});
