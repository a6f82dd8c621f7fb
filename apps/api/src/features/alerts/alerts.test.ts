import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type AlertsPage, type NotificationChoices, Role, routes, type SystemAlert } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { rows } from '../../db/client';
import { createMailer, deliverMails } from '../../lib/mailer';
import { startSmtpSink } from '../../test/smtp-sink';
import { buildBusiness, buildLocation, buildMeter, buildSite, buildUser, signIn } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { notifyAlerts, REPEAT_HOURS, sendDigests } from './notify';

let t: TestApp;
const users = { admin: 0, ownerA: 0, managerA: 0, managerA2: 0, ownerB: 0 };
const tokens = { admin: '', ownerA: '', managerA: '', managerA2: '', ownerB: '' };
const emails: Record<string, string> = {};
const ids = { siteA: 0, siteA2: 0, siteB: 0, meterA: 0, meterA2: 0, meterB: 0, locationA: 0 };

beforeAll(async () => {
  t = await createTestApp();
  const db = t.deps.db;
  const a = await buildBusiness(db);
  const b = await buildBusiness(db);
  ids.siteA = (await buildSite(db, a.id, { publicName: 'Lakeside RV', timeZone: 'America/Denver' })).id;
  ids.siteA2 = (await buildSite(db, a.id, { publicName: 'Hilltop', timeZone: 'Asia/Tokyo' })).id;
  ids.siteB = (await buildSite(db, b.id, { publicName: 'Other Co' })).id;
  const locA = await buildLocation(db, ids.siteA, { description: 'Pad 7' });
  ids.locationA = locA.id;
  ids.meterA = (await buildMeter(db, { locationId: locA.id, slot: 1, deviceTypeId: 2 })).id;
  ids.meterA2 = (await buildMeter(db, { locationId: (await buildLocation(db, ids.siteA2)).id, slot: 1 })).id;
  ids.meterB = (await buildMeter(db, { locationId: (await buildLocation(db, ids.siteB)).id, slot: 1 })).id;
  const make = async (key: keyof typeof users, over: Parameters<typeof buildUser>[1]) => {
    const u = await buildUser(db, over);
    users[key] = u.id;
    emails[key] = u.email;
    tokens[key] = await signIn(t, u);
  };
  await make('admin', { roleId: Role.Administrator });
  await make('ownerA', { roleId: Role.SiteOwner, busEntityId: a.id });
  await make('managerA', { roleId: Role.SiteManager, busEntityId: a.id, siteIds: [ids.siteA] });
  await make('managerA2', { roleId: Role.SiteManager, busEntityId: a.id, siteIds: [ids.siteA2] });
  await make('ownerB', { roleId: Role.SiteOwner, busEntityId: b.id });
});
afterAll(() => t.close());

beforeEach(async () => {
  await t.deps.db.execute(sql`delete from alert_notifications`);
  await t.deps.db.execute(sql`delete from system_alerts`);
  await t.deps.db.execute(sql`delete from notification_preferences`);
  await t.deps.db.execute(sql`delete from outbox_emails`);
  t.mails.length = 0;
});

/** Raises an alert as the jobs do: the kind at a meter of a property, at a moment. */
async function raise(kind: string, siteId: number, meterId: number, at: Date, params: object = {}): Promise<number> {
  const [row] = await rows<{ id: number }>(
    t.deps.db,
    sql`insert into system_alerts (kind, params, site_id, service_point_id, created_at)
        values (${kind}, ${JSON.stringify(params)}::jsonb, ${siteId}, ${meterId}, ${at}) returning id`,
  );
  return row!.id;
}

const list = (token: string, query = '') =>
  t.call<AlertsPage>({ method: 'GET', url: `${routes.alerts.list.path}${query}`, token });
const act = (token: string, what: 'acknowledge' | 'resolve', alertIDs: number[], note = '') =>
  t.call<{ count: number }>({ method: 'POST', url: routes.alerts[what].path, token, payload: { alertIDs, note } });

describe('alerts: the list, by scope and filters', () => {
  it('answers each caller the alerts of the properties they see, newest first, with type, severity and state', async () => {
    const now = t.deps.now();
    const leak = await raise('leak', ids.siteA, ids.meterA, new Date(now.getTime() - 60_000), { hours: 24, usage: 40 });
    const abnormal = await raise('abnormalUse', ids.siteA2, ids.meterA2, now, {
      usage: 30,
      day: '2026-11-25',
      multiple: 3,
      median: 8,
    });
    await raise('missingDevice', ids.siteB, ids.meterB, now, { since: now.toISOString() });

    const owner = (await list(tokens.ownerA)).body.result;
    expect(owner.total).toBe(2);
    expect(owner.alerts.map((a) => a.alertID)).toEqual([abnormal, leak]);
    expect(owner.alerts[1]).toMatchObject({
      kind: 'leak',
      type: 'leak',
      severity: 'critical',
      state: 'open',
      siteID: ids.siteA,
      locationID: ids.locationA,
      servicePointID: ids.meterA,
      timeZone: 'America/Denver',
      params: { hours: 24, usage: 40, site: 'Lakeside RV', location: 'Pad 7' },
    });
    expect((await list(tokens.managerA)).body.result.alerts.map((a) => a.alertID)).toEqual([leak]);
    expect((await list(tokens.admin)).body.result.total).toBe(3);
    expect((await list(tokens.ownerA, `?type=leak`)).body.result.alerts.map((a) => a.alertID)).toEqual([leak]);
    expect((await list(tokens.ownerA, `?siteID=${ids.siteA2}`)).body.result.alerts.map((a) => a.alertID)).toEqual([
      abnormal,
    ]);
    expect((await list(tokens.ownerA, '?pageSize=1&page=2')).body.result).toMatchObject({
      total: 2,
      alerts: [{ alertID: leak }],
    });
    // a property out of scope is refused, not filtered to nothing
    expect((await list(tokens.managerA, `?siteID=${ids.siteA2}`)).status).toBe(403);
    expect((await list(tokens.ownerA, '?state=closed')).status).toBe(400);
  });
});

describe('alerts: acknowledge and resolve', () => {
  it('acknowledges with a note, then resolves by hand; the dashboard and the property count show the open ones only', async () => {
    const now = t.deps.now();
    const leak = await raise('leak', ids.siteA, ids.meterA, now, { hours: 24, usage: 40 });
    const other = await raise('vacantDraw', ids.siteA, ids.meterA, now, { usage: 2, at: now.toISOString() });
    const openCount = async () => {
      const sites = await t.call<Array<{ siteID: number; openAlerts: number }>>({
        method: 'GET',
        url: routes.sites.visible.path,
        token: tokens.ownerA,
      });
      return sites.body.result.find((s) => s.siteID === ids.siteA)!.openAlerts;
    };
    expect(await openCount()).toBe(2);

    const ack = await act(tokens.managerA, 'acknowledge', [leak], 'Valve closed, plumber called');
    expect(ack.status).toBe(200);
    expect(ack.body.result.count).toBe(1);
    expect(ack.body.message).toBe('1 alert(s) acknowledged.');
    const [acked] = (await list(tokens.ownerA, '?state=acknowledged')).body.result.alerts;
    expect(acked).toMatchObject({ alertID: leak, state: 'acknowledged', note: 'Valve closed, plumber called' });
    expect(acked!.acknowledgedBy).toMatch(/^Test User/);
    expect(acked!.acknowledgedAt).not.toBeNull();
    expect(await openCount()).toBe(1);
    const panel = await t.call<SystemAlert[]>({
      method: 'GET',
      url: routes.dashboard.alerts.path,
      token: tokens.ownerA,
    });
    expect(panel.body.result.map((a) => a.alertID)).toEqual([other]);
    // acknowledging again changes nothing: the first acknowledgement stays
    expect((await act(tokens.ownerA, 'acknowledge', [leak], 'again')).body.result.count).toBe(0);

    const res = await act(tokens.ownerA, 'resolve', [leak, other]);
    expect(res.body.result.count).toBe(2);
    const resolved = (await list(tokens.ownerA, '?state=resolved')).body.result.alerts;
    expect(resolved).toHaveLength(2);
    expect(resolved.find((a) => a.alertID === leak)).toMatchObject({
      state: 'resolved',
      note: 'Valve closed, plumber called',
    });
    expect(resolved[0]!.resolvedBy).toMatch(/^Test User/);
    expect((await list(tokens.ownerA)).body.result.total).toBe(0);
    // once resolved, the same condition may raise a new alert
    await raise('leak', ids.siteA, ids.meterA, now);
  });

  it('keeps the acknowledgement’s note when the alert is resolved with a note of its own', async () => {
    const now = t.deps.now();
    const leak = await raise('leak', ids.siteA, ids.meterA, now, { hours: 24, usage: 40 });
    await act(tokens.managerA, 'acknowledge', [leak], 'Valve closed, plumber called');
    expect((await act(tokens.ownerA, 'resolve', [leak], 'Pipe replaced')).body.result.count).toBe(1);
    const resolved = (await list(tokens.ownerA, '?state=resolved')).body.result.alerts.find((a) => a.alertID === leak);
    expect(resolved).toMatchObject({
      state: 'resolved',
      note: 'Valve closed, plumber called',
      resolutionNote: 'Pipe replaced',
    });
    // resolved without a word: no resolution note, the acknowledgement's stays
    const other = await raise('leak', ids.siteA, ids.meterA, now);
    await act(tokens.managerA, 'acknowledge', [other], 'Looking into it');
    await act(tokens.ownerA, 'resolve', [other]);
    const quiet = (await list(tokens.ownerA, '?state=resolved')).body.result.alerts.find((a) => a.alertID === other);
    expect(quiet).toMatchObject({ note: 'Looking into it', resolutionNote: null });
  });

  it('refuses alerts outside the caller’s scope, all of the list, and unknown ones', async () => {
    const now = t.deps.now();
    const mine = await raise('leak', ids.siteA, ids.meterA, now);
    const theirs = await raise('leak', ids.siteB, ids.meterB, now);
    expect((await act(tokens.ownerA, 'acknowledge', [mine, theirs])).status).toBe(403);
    expect((await act(tokens.managerA2, 'resolve', [mine])).status).toBe(403);
    expect((await act(tokens.admin, 'resolve', [999_999])).status).toBe(404);
    expect((await act(tokens.ownerA, 'acknowledge', [])).status).toBe(400);
    expect((await act(tokens.ownerA, 'acknowledge', [mine], 'x'.repeat(501))).status).toBe(400);
    expect((await list(tokens.ownerA, '?state=open')).body.result.alerts.map((a) => a.state)).toEqual(['open']);
  });
});

describe('notification preferences', () => {
  it('answers every type and severity with the default, stores a choice, refuses a pair no alert has', async () => {
    const url = routes.alerts.preferences.path;
    const first = await t.call<NotificationChoices>({ method: 'GET', url, token: tokens.managerA });
    expect(first.body.result.preferences).toContainEqual({ type: 'leak', severity: 'critical', delivery: 'now' });
    expect(first.body.result.preferences).toContainEqual({ type: 'leak', severity: 'warning', delivery: 'digest' });
    const saved = await t.call<NotificationChoices>({
      method: 'PUT',
      url,
      token: tokens.managerA,
      payload: { preferences: [{ type: 'leak', severity: 'critical', delivery: 'none' }] },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.result.preferences).toContainEqual({ type: 'leak', severity: 'critical', delivery: 'none' });
    const other = await t.call<NotificationChoices>({ method: 'GET', url, token: tokens.ownerA });
    expect(other.body.result.preferences).toContainEqual({ type: 'leak', severity: 'critical', delivery: 'now' });
    const bad = await t.call({
      method: 'PUT',
      url,
      token: tokens.managerA,
      payload: { preferences: [{ type: 'leak', severity: 'info', delivery: 'now' }] },
    });
    expect(bad.status).toBe(400);
  });
});

const mailsTo = (key: keyof typeof users) => t.mails.filter((m) => m.to === emails[key]);

describe('notifications', () => {
  it('mails a critical alert at once to everyone who sees its property, once, with what, where, since when and the link', async () => {
    await t.deps.db.execute(
      sql`insert into notification_preferences values (${users.managerA}, 'leak', 'critical', 'none')`,
    );
    const at = new Date('2026-11-20T14:05:00Z');
    await raise('leak', ids.siteA, ids.meterA, at, { hours: 24, usage: 41.5 });
    await Promise.all([notifyAlerts(t.deps), notifyAlerts(t.deps)]);
    expect(await notifyAlerts(t.deps)).toBe(0);
    await deliverMails(t.deps);
    expect(mailsTo('ownerA')).toHaveLength(1);
    expect(mailsTo('admin')).toHaveLength(1);
    expect(mailsTo('managerA')).toHaveLength(0); // chose nothing
    expect(mailsTo('managerA2')).toHaveLength(0); // another property
    expect(mailsTo('ownerB')).toHaveLength(0); // another business
    const [mail] = mailsTo('ownerA');
    expect(mail!.subject).toBe('Critical: Leak at Lakeside RV / Pad 7');
    expect(mail!.body).toContain('has had water flowing in every hour for 24 hours (41.5 gal): possible leak.');
    expect(mail!.body).toContain('Since: Nov 20, 2026, 7:05 AM MST');
    expect(mail!.body).toContain(`http://portal.test/Locations/${ids.siteA}?search=Pad%207`);
    expect(mail!.body).not.toContain('<b>');
  });

  it('delivers the mail over SMTP to a real server, once, however often the jobs run', async () => {
    const sink = await startSmtpSink();
    try {
      const mailer = createMailer({ smtpUrl: sink.url, from: 'portal@test.local', log: t.app.log });
      await raise('leak', ids.siteA, ids.meterA, t.deps.now(), { hours: 24, usage: 30 });
      for (let i = 0; i < 3; i++) {
        await Promise.all([notifyAlerts(t.deps), notifyAlerts(t.deps)]);
        await Promise.all([deliverMails({ ...t.deps, mailer }), deliverMails({ ...t.deps, mailer })]);
      }
      await sink.waitFor(3); // the Site Owner, the Site Manager and the Administrator
      const toOwner = sink.messages.filter((m) => m.to && 'text' in m.to && m.to.text === emails.ownerA);
      expect(toOwner).toHaveLength(1);
      expect(toOwner[0]!.subject).toBe('Critical: Leak at Lakeside RV / Pad 7');
      expect(toOwner[0]!.text).toContain('possible leak');
      expect(sink.messages).toHaveLength(3);
    } finally {
      await sink.stop();
    }
  });

  it('puts a repeat of the same alert at the same meter within hours into the digest instead of a second mail', async () => {
    const now = t.deps.now();
    const first = await raise('leak', ids.siteA, ids.meterA, now);
    await notifyAlerts(t.deps);
    await t.deps.db.execute(sql`update system_alerts set resolved_at = ${now} where id = ${first}`);
    await raise('leak', ids.siteA, ids.meterA, new Date(now.getTime() + 60_000));
    await notifyAlerts(t.deps);
    await deliverMails(t.deps);
    expect(mailsTo('ownerA')).toHaveLength(1);
    const waiting = await rows<{ n: number }>(
      t.deps.db,
      sql`select count(*)::int as n from alert_notifications where user_account_id = ${users.ownerA} and delivery = 'digest'`,
    );
    expect(waiting[0]!.n).toBe(1);
    expect(REPEAT_HOURS).toBeGreaterThan(0);
  });

  it('mails warnings in one digest a user and property at 07:00 local, the alerts raised before it', async () => {
    // Denver is UTC-7 in November: 07:00 local is 14:00 UTC
    t.clock.set(new Date('2026-11-24T20:00:00Z'));
    await raise('abnormalUse', ids.siteA, ids.meterA, new Date('2026-11-24T19:00:00Z'), {
      usage: 30,
      day: '2026-11-23',
      multiple: 3,
      median: 9,
    });
    await raise('nightFlow', ids.siteA, ids.meterA, new Date('2026-11-25T13:00:00Z'), { usage: 12, day: '2026-11-25' });
    await raise('vacantDraw', ids.siteA, ids.meterA, new Date('2026-11-25T14:30:00Z'), {
      usage: 2,
      at: '2026-11-25T14:00:00Z',
    });
    await notifyAlerts(t.deps);
    t.clock.set(new Date('2026-11-25T13:59:00Z'));
    expect(await sendDigests(t.deps)).toBe(0);
    t.clock.set(new Date('2026-11-25T14:01:00Z'));
    const [sent, again] = await Promise.all([sendDigests(t.deps), sendDigests(t.deps)]);
    expect(sent + again).toBe(3); // ownerA, managerA and admin, each once
    await deliverMails(t.deps);
    const digest = mailsTo('managerA');
    expect(digest).toHaveLength(1);
    expect(digest[0]!.subject).toBe('Daily alert digest: Lakeside RV (2)');
    expect(digest[0]!.body).toContain('used 30 kWh on 2026-11-23');
    expect(digest[0]!.body).not.toContain('drew 2 kWh'); // raised after 07:00: tomorrow's digest
    expect(mailsTo('managerA2')).toHaveLength(0);
  });
});
