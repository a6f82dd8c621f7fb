import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ReportRow, ReportSchedule, ScheduleRequest } from '@portal/contract';
import { openPostgres, type Database } from '../../db/client';
import { outboxEmails, reportRecipients, reportRuns, reportSchedules } from '../../db/schema';
import type { Deps } from '../../deps';
import { createMailer, deliverMails, type Mail } from '../../lib/mailer';
import { createTestApp, type TestApp } from '../../test/harness';
import { startSmtpSink } from '../../test/smtp-sink';
import { reportFixture } from '../../test/report-fixture';
import { runSchedules, STALE_RUN_MS } from './run';

let t: TestApp;
let f: Awaited<ReturnType<typeof reportFixture>>;
/** The second instance's database: its own pool on PostgreSQL; on PGlite (one process) the same one. */
let secondDatabase: Database;

/** One server instance as the jobs see it: a database connection, the shared clock, its own mail server. */
type Instance = { deps: Pick<Deps, 'db' | 'now' | 'mailer'>; sent: Mail[] };
const instances: Instance[] = [];

function instance(database: Database): Instance {
  const sent: Mail[] = [];
  return {
    sent,
    deps: {
      db: database.db,
      now: t.clock.now,
      mailer: {
        async deliver(mail) {
          sent.push(mail);
        },
      },
    },
  };
}

/** What each instance's job loop does on a tick: the scheduled reports, then the outbox. */
const tick = async (i: Instance) => {
  await runSchedules(i.deps);
  await deliverMails(i.deps);
};
/** Both instances' ticks at once, a few times over. */
async function tickBoth(times = 3) {
  for (let n = 0; n < times; n++) await Promise.all(instances.map(tick));
}
const sentMails = () => instances.flatMap((i) => i.sent);
const clearSent = () => instances.forEach((i) => i.sent.splice(0));

beforeAll(async () => {
  t = await createTestApp();
  f = await reportFixture(t);
  secondDatabase = t.databaseUrl ? await openPostgres(t.databaseUrl, 4) : t.deps.database;
  instances.push(instance(t.deps.database), instance(secondDatabase));
  // the addresses these schedules mail confirmed by the link mailed to them (recipients.test.ts)
  const confirmed = new Date('2026-10-01T00:00:00Z');
  await t.deps.db.insert(reportRecipients).values(
    ['ops@test.local', 'owner@test.local', 'books@test.local', 'smtp@test.local'].map((email) => ({
      siteId: f.site.id,
      email,
      tokenHash: `confirmed-${email}`,
      invitedAt: confirmed,
      confirmedAt: confirmed,
    })),
  );
});
afterAll(async () => {
  if (secondDatabase !== t.deps.database) await secondDatabase.close();
  await t.close();
});

async function schedule(over: Partial<ScheduleRequest>): Promise<ReportSchedule> {
  const res = await t.call<ReportSchedule>({
    method: 'POST',
    url: '/api/Report/UpsertSchedule',
    token: f.tokens.owner,
    payload: {
      siteID: f.site.id,
      reportTypeID: 2, // daily usage per location
      frequency: 'weekly',
      time: '06:00',
      format: 'xlsx',
      recipients: ['ops@test.local'],
      ...over,
    },
  });
  expect(res.status).toBe(200);
  return res.body.result;
}

const runsOf = (scheduleId: number) =>
  t.deps.db.select().from(reportRuns).where(eq(reportRuns.scheduleId, scheduleId)).orderBy(reportRuns.dueAt);

/** The report's rows as the Property Reports dialog shows them, for the same period. */
async function recordsOf(start: string, end: string): Promise<ReportRow[]> {
  const q = new URLSearchParams({
    ReportID: '2',
    SiteID: String(f.site.id),
    StoredProcedureCalled: 'daily_usage_per_location',
    PeriodStartDate: start,
    EndDate: end,
    LocationDescription: '',
  });
  const res = await t.call<ReportRow[]>({
    method: 'GET',
    url: `/api/Report/ReportRecords?${q}`,
    token: f.tokens.owner,
  });
  return res.body.result;
}

async function xlsxRows(content: Buffer): Promise<unknown[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(content as unknown as ArrayBuffer);
  const out: unknown[][] = [];
  book.worksheets[0]!.eachRow((row) => out.push((row.values as unknown[]).slice(1)));
  return out;
}

describe('[TWO INSTANCES] a weekly report of a Denver property across the end of daylight saving', () => {
  let xlsx: ReportSchedule;
  let csv: ReportSchedule;

  it('is due on Monday at 06:00 local, which after the change is 13:00 UTC', async () => {
    t.clock.set(new Date('2026-10-28T15:00:00Z')); // Wednesday 09:00 MDT
    xlsx = await schedule({ recipients: ['ops@test.local', 'owner@test.local'] });
    csv = await schedule({ format: 'csv', recipients: ['books@test.local'] });
    expect(xlsx.nextRunAt).toBe('2026-11-02T13:00:00.000Z');
  });

  it('does nothing at 06:00 by the summer offset (12:00 UTC), nor a minute before the local time', async () => {
    for (const at of ['2026-11-02T12:00:00Z', '2026-11-02T12:59:59Z']) {
      t.clock.set(new Date(at));
      await tickBoth();
      expect(await runsOf(xlsx.scheduleID)).toEqual([]);
      expect(sentMails()).toEqual([]);
    }
  });

  it('runs once at the local time with both instances ticking, one mail a recipient with the file', async () => {
    t.clock.set(new Date('2026-11-02T13:00:20Z'));
    await tickBoth(4);
    for (const s of [xlsx, csv]) {
      const runs = await runsOf(s.scheduleID);
      expect(runs).toHaveLength(1);
      expect(runs[0]).toMatchObject({
        dueAt: new Date('2026-11-02T13:00:00Z'),
        periodStart: '2026-10-26 00:00',
        periodEnd: '2026-11-02 00:00',
        status: 'done',
        fileName: `Report_2026-10-26_To_2026-11-01.${s.format}`,
        error: null,
      });
      expect(runs[0]!.emailIds).toHaveLength(s.recipients.length);
    }
    const mails = sentMails();
    expect(mails.map((m) => m.to).sort()).toEqual(['books@test.local', 'ops@test.local', 'owner@test.local']);
    for (const mail of mails) {
      expect(mail.subject).toContain('2026-10-26 to 2026-11-01');
      expect(mail.subject).toContain('Lakeside RV');
      expect(mail.attachments).toHaveLength(1);
    }
    const [next] = await t.deps.db.select().from(reportSchedules).where(eq(reportSchedules.id, xlsx.scheduleID));
    expect(next!.nextRunAt).toEqual(new Date('2026-11-09T13:00:00Z'));
  });

  it('attaches the report of the 7 local days before the run, the same rows as the dialog shows', async () => {
    const expected = await recordsOf('2026-10-26 00:00', '2026-11-01 23:59');
    expect(expected.map((r) => r.Date)).toContain('2026-11-01');
    expect(expected.map((r) => r.Date)).not.toContain('2026-11-02');

    const sheet = sentMails().find((m) => m.to === 'ops@test.local')!.attachments![0]!;
    expect(sheet.contentType).toMatch(/spreadsheetml/);
    const [title, header, ...data] = await xlsxRows(sheet.content);
    expect(String(title![0])).toBe(`Lakeside RV - ${xlsx.reportName} - 2026-10-26 to 2026-11-01`);
    expect(header).toEqual(['Date', 'Location', 'Electric (kWh)', 'Water (gal)']);
    expect(data.map(([date, ...rest]) => [(date as Date).toISOString().slice(0, 10), ...rest])).toEqual(
      expected.map((r) => [r.Date, r.Location, r['Electric (kWh)'], r['Water (gal)']]),
    );

    const file = sentMails().find((m) => m.to === 'books@test.local')!.attachments![0]!;
    expect(file.contentType).toBe('text/csv; charset=utf-8');
    const text = file.content.toString('utf8');
    expect(text.startsWith('\uFEFFDate,Location,Electric (kWh),Water (gal)\r\n')).toBe(true);
    expect(text.slice(1).trimEnd().split('\r\n').slice(1)).toEqual(
      expected.map((r) => [r.Date, r.Location, r['Electric (kWh)'], r['Water (gal)']].join(',')),
    );
  });

  it('shows the run and its mails in the schedule’s history', async () => {
    const res = await t.call<Array<{ status: string; mailsSent: number; mailsPending: number; rows: number }>>({
      method: 'GET',
      url: `/api/Report/GetScheduleRuns?id=${xlsx.scheduleID}`,
      token: f.tokens.manager,
    });
    expect(res.body.result).toHaveLength(1);
    expect(res.body.result[0]).toMatchObject({ status: 'done', mailsSent: 2, mailsPending: 0 });
    expect(res.body.result[0]!.rows).toBeGreaterThan(0);
  });

  it('after a downtime over several due times, makes one run, of the latest, when back', async () => {
    clearSent();
    t.clock.set(new Date('2026-11-24T10:00:00Z')); // Nov 9, 16 and 23 were missed
    await tickBoth();
    const runs = await runsOf(xlsx.scheduleID);
    expect(runs.map((r) => [r.dueAt.toISOString(), r.periodStart, r.status])).toEqual([
      ['2026-11-02T13:00:00.000Z', '2026-10-26 00:00', 'done'],
      ['2026-11-23T13:00:00.000Z', '2026-11-16 00:00', 'done'],
    ]);
    expect(sentMails()).toHaveLength(3);
    const [s] = await t.deps.db.select().from(reportSchedules).where(eq(reportSchedules.id, xlsx.scheduleID));
    expect(s!.nextRunAt).toEqual(new Date('2026-11-30T13:00:00Z'));
  });

  it('takes over a run left running by an instance that died, after the timeout, once', async () => {
    clearSent();
    const now = t.clock.now();
    const [left] = await t.deps.db
      .insert(reportRuns)
      .values({
        scheduleId: csv.scheduleID,
        dueAt: new Date('2026-11-09T13:00:00Z'),
        periodStart: '2026-11-02 00:00',
        periodEnd: '2026-11-09 00:00',
        startedAt: new Date(now.getTime() - STALE_RUN_MS + 60_000),
      })
      .returning();
    await tickBoth();
    expect((await runsOf(csv.scheduleID)).find((r) => r.id === left!.id)!.status).toBe('running');
    t.clock.advance(60_000);
    await tickBoth();
    const run = (await runsOf(csv.scheduleID)).find((r) => r.id === left!.id)!;
    expect(run).toMatchObject({ status: 'done', fileName: 'Report_2026-11-02_To_2026-11-08.csv' });
    expect(sentMails().map((m) => m.to)).toEqual(['books@test.local']);
  });

  it('records a run that cannot be made as failed, with the reason, and sends nothing', async () => {
    clearSent();
    const located = await schedule({ reportTypeID: 4, locationDescription: f.a.description, frequency: 'daily' });
    await t.deps.db
      .update(reportSchedules)
      .set({ locationDescription: 'A location since renamed' })
      .where(eq(reportSchedules.id, located.scheduleID));
    t.clock.set(new Date(located.nextRunAt));
    await tickBoth();
    const [run] = await runsOf(located.scheduleID);
    expect(run).toMatchObject({ status: 'failed', emailIds: [] });
    expect(run!.error).toMatch(/Invalid Location Description/);
    expect(sentMails()).toEqual([]);
  });
});

describe('through a real SMTP server', () => {
  it('delivers a scheduled report with its attachment', async () => {
    await t.deps.db.delete(reportSchedules); // only this test's schedule is due
    const sink = await startSmtpSink();
    try {
      const nextRunAt = new Date('2027-01-01T07:00:00Z'); // 00:00 MST
      await t.deps.db.insert(reportSchedules).values({
        siteId: f.site.id,
        reportTypeId: 2,
        frequency: 'monthly',
        atTime: '00:00',
        format: 'csv',
        recipients: ['smtp@test.local'],
        nextRunAt,
      });
      t.clock.set(nextRunAt);
      await runSchedules(t.deps);
      const mailer = createMailer({ smtpUrl: sink.url, from: 'portal@test.local', log: t.app.log });
      expect(await deliverMails({ ...t.deps, mailer })).toBeGreaterThan(0);
      const [message] = await sink.waitFor(1);
      expect(message!.to).toMatchObject({ text: 'smtp@test.local' });
      expect(message!.subject).toContain('2026-12-01 to 2026-12-31');
      expect(message!.text).toContain('monthly report');
      expect(message!.attachments.map((a) => [a.filename, a.contentType])).toEqual([
        ['Report_2026-12-01_To_2026-12-31.csv', 'text/csv'],
      ]);
      expect(message!.attachments[0]!.content.toString('utf8')).toMatch(/^\uFEFFDate,Location,/);
      const [row] = await t.deps.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, 'smtp@test.local'));
      expect(row!.sentAt).not.toBeNull();
    } finally {
      await sink.stop();
    }
  });
});
