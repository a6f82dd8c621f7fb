import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Role, type RecipientInvitation, type ReportSchedule, type ScheduleRequest } from '@portal/contract';
import { reportRecipients, reportSchedules } from '../../db/schema';
import { deliverMails, type Mail } from '../../lib/mailer';
import { buildBusiness, buildSite, buildUser, type BuiltUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { reportFixture } from '../../test/report-fixture';
import { runSchedules } from './run';

/**
 * Reports go only where the business says: to users of the property's business as they are,
 * to outside addresses only once they confirmed by the link mailed to them, and then without
 * the guests' contact columns.
 */
let t: TestApp;
let f: Awaited<ReturnType<typeof reportFixture>>;
let colleague: BuiltUser;
let otherTenant: BuiltUser;

beforeAll(async () => {
  t = await createTestApp();
  f = await reportFixture(t);
  colleague = await buildUser(t.deps.db, { roleId: Role.SiteManager, busEntityId: f.site.busEntityId });
  otherTenant = await buildUser(t.deps.db, { roleId: Role.SiteOwner, busEntityId: f.otherSite.busEntityId });
  t.clock.set(new Date('2026-11-04T15:00:00Z')); // Wednesday 08:00 MST
});
afterAll(() => t.close());

const upsert = (over: Partial<ScheduleRequest> & { scheduleID?: number }, siteID = f.site.id, token = f.tokens.owner) =>
  t.call<ReportSchedule>({
    method: 'POST',
    url: '/api/Report/UpsertSchedule',
    token,
    payload: { siteID, reportTypeID: 2, frequency: 'daily', time: '06:00', format: 'csv', ...over },
  });
const linkIn = (mail: Mail) => /\/report-recipient\/([\w-]+)/.exec(mail.body)![1]!;
const invitationsTo = (address: string) => t.mails.filter((m) => m.to === address && m.subject.startsWith('Confirm'));
const open = (token: string) =>
  t.call<RecipientInvitation>({ method: 'GET', url: `/api/Public/ReportRecipient?token=${token}` });
const confirm = (token: string) =>
  t.call<RecipientInvitation>({ method: 'POST', url: '/api/Public/ConfirmReportRecipient', payload: { token } });

/** What the scheduled reports job mails when the schedule is due, delivered. */
async function run(s: ReportSchedule): Promise<Mail[]> {
  const sent: Mail[] = [];
  t.clock.set(new Date(s.nextRunAt));
  await runSchedules(t.deps);
  await deliverMails({ ...t.deps, mailer: { deliver: async (mail) => void sent.push(mail) } });
  const [next] = await t.deps.db.select().from(reportSchedules).where(eq(reportSchedules.id, s.scheduleID));
  s.nextRunAt = next!.nextRunAt.toISOString();
  return sent;
}

describe('the recipients of a scheduled report', () => {
  it('mails users of the business at once, an outside address only after it confirmed by the link, a user of another business as outside', async () => {
    const outsider = 'accountant@example.com';
    const saved = await upsert({ recipients: [colleague.email, outsider, otherTenant.email] });
    expect(saved.status).toBe(200);
    expect(saved.body.result.recipientStates).toEqual([
      { email: colleague.email, state: 'user' },
      { email: outsider, state: 'waiting' },
      { email: otherTenant.email, state: 'waiting' },
    ]);
    expect(invitationsTo(colleague.email)).toEqual([]);
    const [invitation] = invitationsTo(outsider);
    expect(invitation!.subject).toBe('Confirm: scheduled reports of Lakeside RV');
    expect(invitation!.body).toContain('Nothing is mailed to this address until you confirm.');
    expect(invitation!.attachments ?? []).toEqual([]);
    expect(invitationsTo(otherTenant.email)).toHaveLength(1);

    const first = await run(saved.body.result);
    expect(first.map((m) => m.to)).toEqual([colleague.email]);

    const token = linkIn(invitation!);
    // opening the link (a mail scanner does) confirms nothing
    expect((await open(token)).body.result).toEqual({ propertyName: 'Lakeside RV', email: outsider, confirmed: false });
    expect((await run(saved.body.result)).map((m) => m.to)).toEqual([colleague.email]);
    const confirmed = await confirm(token);
    expect([confirmed.status, confirmed.body.messageCode, confirmed.body.result.confirmed]).toEqual([
      200,
      'recipientConfirmed',
      true,
    ]);
    expect((await confirm(token)).status).toBe(200);

    expect((await run(saved.body.result)).map((m) => m.to).sort()).toEqual([colleague.email, outsider].sort());
    const listed = await t.call<ReportSchedule[]>({
      method: 'GET',
      url: `/api/Report/GetSchedules?siteID=${f.site.id}`,
      token: f.tokens.manager,
    });
    expect(listed.body.result.find((s) => s.scheduleID === saved.body.result.scheduleID)!.recipientStates).toEqual([
      { email: colleague.email, state: 'user' },
      { email: outsider, state: 'confirmed' },
      { email: otherTenant.email, state: 'waiting' },
    ]);
  });

  it('leaves the guests’ names and phones out of the file mailed outside the business', async () => {
    const outsider = 'auditor@example.com';
    await t.deps.db.insert(reportRecipients).values({
      siteId: f.site.id,
      email: outsider,
      tokenHash: 'confirmed-before',
      invitedAt: t.clock.now(),
      confirmedAt: t.clock.now(),
    });
    // Stay Transactions of the day after the fixture's stay ended
    t.clock.set(new Date('2026-11-02T15:00:00Z'));
    const saved = (await upsert({ reportTypeID: 3, recipients: [colleague.email, outsider] })).body.result;
    t.clock.set(new Date('2026-11-05T08:00:00Z'));
    saved.nextRunAt = '2026-11-03T13:00:00.000Z';
    await t.deps.db
      .update(reportSchedules)
      .set({ nextRunAt: new Date(saved.nextRunAt) })
      .where(eq(reportSchedules.id, saved.scheduleID));
    const mails = await run(saved);
    const fileOf = (to: string) => mails.find((m) => m.to === to)!.attachments![0]!.content.toString('utf8');
    const inside = fileOf(colleague.email);
    const outside = fileOf(outsider);
    expect(inside.split('\r\n')[0]).toContain('Guest,Phone');
    expect(inside).toContain('(555) 123-4567');
    expect(outside.split('\r\n')[0]).toBe('\uFEFFLocation,Check In,Check Out,Electric (kWh),Water (gal)');
    expect(outside).not.toMatch(/Gina|Guest|555/);
    expect(outside.split('\r\n').length).toBe(inside.split('\r\n').length);
  });

  it('asks an address again at most once a day, and a link expires', async () => {
    const outsider = 'once-a-day@example.com';
    const first = (await upsert({ recipients: [colleague.email, outsider] })).body.result;
    expect(invitationsTo(outsider)).toHaveLength(1);
    await upsert({ scheduleID: first.scheduleID, recipients: [outsider, colleague.email] });
    expect(invitationsTo(outsider)).toHaveLength(1);
    t.clock.advance(86_400_001);
    await upsert({ scheduleID: first.scheduleID, recipients: [outsider] });
    expect(invitationsTo(outsider)).toHaveLength(2);
    const [older, newer] = invitationsTo(outsider).map(linkIn);
    expect((await open(older!)).status).toBe(404);
    t.clock.advance(15 * 86_400_000);
    expect((await open(newer!)).status).toBe(404);
    expect((await confirm(newer!)).status).toBe(404);
    expect((await open('no-such-link')).status).toBe(404);
  });

  it('sends a business at most 20 requests to confirm a day: the 21st save that would send more is refused, saving nothing', async () => {
    const business = await buildBusiness(t.deps.db);
    const site = await buildSite(t.deps.db, business.id);
    const before = await t.deps.db.$count(reportSchedules, eq(reportSchedules.siteId, site.id));
    const many = Array.from({ length: 20 }, (_, i) => `spam-${i}@example.com`);
    expect((await upsert({ recipients: many }, site.id, f.tokens.admin)).status).toBe(200);
    const refused = await upsert({ recipients: ['one-more@example.com'] }, site.id, f.tokens.admin);
    expect([refused.status, refused.body.messageCode]).toEqual([429, 'recipientInvitationsLimit']);
    expect(await t.deps.db.$count(reportSchedules, eq(reportSchedules.siteId, site.id))).toBe(before + 1);
    expect(invitationsTo('one-more@example.com')).toEqual([]);
  });
});

describe('the number of scheduled reports', () => {
  it('is at most 20 a property: the 21st answers 409 with its message, changing one still works', async () => {
    const site = await buildSite(t.deps.db, f.site.busEntityId);
    const made: ReportSchedule[] = [];
    for (let i = 0; i < 20; i++) made.push((await upsert({ recipients: [colleague.email] }, site.id)).body.result);
    const refused = await upsert({ recipients: [colleague.email] }, site.id);
    expect([refused.status, refused.body.messageCode, refused.body.message]).toEqual([
      409,
      'scheduleLimit',
      'A property can have at most 20 scheduled reports.',
    ]);
    expect(
      (await upsert({ scheduleID: made[0]!.scheduleID, recipients: [colleague.email], time: '07:00' }, site.id)).status,
    ).toBe(200);
  });
});
