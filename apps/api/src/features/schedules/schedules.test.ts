import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { ReportSchedule, ScheduleRequest, ScheduleRun } from '@portal/contract';
import { auditLog, reportRuns, reportSchedules } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { reportFixture } from '../../test/report-fixture';

let t: TestApp;
let f: Awaited<ReturnType<typeof reportFixture>>;

beforeAll(async () => {
  t = await createTestApp();
  f = await reportFixture(t);
  t.clock.set(new Date('2026-10-28T15:00:00Z')); // a Wednesday, 09:00 MDT
});
afterAll(() => t.close());

type Who = keyof typeof f.tokens;

const valid = (over: Partial<ScheduleRequest> = {}): ScheduleRequest => ({
  siteID: f.site.id,
  reportTypeID: 1,
  frequency: 'weekly',
  time: '06:00',
  format: 'xlsx',
  recipients: ['ops@test.local'],
  ...over,
});

const upsert = (body: object, who: Who = 'owner') =>
  t.call<ReportSchedule>({ method: 'POST', url: '/api/Report/UpsertSchedule', payload: body, token: f.tokens[who] });
const list = (siteId: number, who: Who = 'manager') =>
  t.call<ReportSchedule[]>({ method: 'GET', url: `/api/Report/GetSchedules?siteID=${siteId}`, token: f.tokens[who] });
const remove = (id: number, who: Who = 'owner') =>
  t.call({ method: 'DELETE', url: `/api/Report/DeleteSchedule?id=${id}`, token: f.tokens[who] });
const runs = (id: number, who: Who = 'manager') =>
  t.call<ScheduleRun[]>({ method: 'GET', url: `/api/Report/GetScheduleRuns?id=${id}`, token: f.tokens[who] });

describe('saving a schedule', () => {
  it('creates a weekly schedule whose next run is the property’s next week start at the local time', async () => {
    const res = await upsert(valid({ recipients: ['Ops@Test.local', 'ops@test.local', 'boss@test.local'] }));
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({
      siteID: f.site.id,
      reportTypeID: 1,
      reportName: expect.any(String),
      frequency: 'weekly',
      time: '06:00',
      format: 'xlsx',
      recipients: ['ops@test.local', 'boss@test.local'],
      locationDescription: '',
      timeZone: 'America/Denver',
      // Monday after the end of daylight saving: 06:00 MST
      nextRunAt: '2026-11-02T13:00:00.000Z',
      lastRun: null,
    });
    const [entry] = await t.deps.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'createReportSchedule'), eq(auditLog.entityId, String(res.body.result.scheduleID))),
      );
    expect(entry).toBeDefined();
  });

  it.each([
    ['daily', '05:30', '2026-10-29T11:30:00.000Z'],
    ['daily', '10:00', '2026-10-28T16:00:00.000Z'],
    ['monthly', '00:15', '2026-11-01T06:15:00.000Z'],
  ] as const)('a %s schedule at %s runs next at %s', async (frequency, time, nextRunAt) => {
    const res = await upsert(valid({ frequency, time }), 'admin');
    expect(res.status).toBe(200);
    expect(res.body.result.nextRunAt).toBe(nextRunAt);
  });

  it('changes a schedule, keeping its id, and records the change', async () => {
    const created = (await upsert(valid())).body.result;
    const res = await upsert({
      ...valid({ frequency: 'daily', time: '07:45', format: 'csv' }),
      scheduleID: created.scheduleID,
    });
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({
      scheduleID: created.scheduleID,
      frequency: 'daily',
      time: '07:45',
      format: 'csv',
    });
    const stored = await t.deps.db.select().from(reportSchedules).where(eq(reportSchedules.id, created.scheduleID));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.atTime).toBe('07:45:00');
  });

  it('keeps the location of a report of one location, and refuses one that is not the property’s', async () => {
    const ok = await upsert(valid({ reportTypeID: 4, locationDescription: f.a.description.toLowerCase() }));
    expect(ok.status).toBe(200);
    const bad = await upsert(valid({ reportTypeID: 4, locationDescription: 'Nowhere' }));
    expect(bad.status).toBe(400);
    expect(bad.body.result).toMatchObject({
      code: 'invalid',
      errors: [{ field: 'locationDescription', code: 'invalidLocationDescription' }],
    });
  });

  it.each([
    ['no recipients', { recipients: [] }, 'recipients', 'requiredField'],
    [
      'a recipient that is no address',
      { recipients: ['ops@test.local', 'not-an-address'] },
      'recipients.1',
      'fieldNotValid',
    ],
    ['a time that is no time', { time: '24:00' }, 'time', 'fieldNotValid'],
    ['an unknown frequency', { frequency: 'hourly' }, 'frequency', 'requiredField'],
    ['an unknown format', { format: 'pdf' }, 'format', 'requiredField'],
    ['an unknown report type', { reportTypeID: 999 }, 'reportTypeID', 'unknownReport'],
  ])('refuses %s with the field and message', async (_, over, field, code) => {
    const res = await upsert({ ...valid(), ...over });
    expect(res.status).toBe(400);
    expect(res.body.result).toMatchObject({ code: 'invalid' });
    expect((res.body.result as unknown as { errors: unknown[] }).errors).toContainEqual(
      expect.objectContaining({ field, code }),
    );
  });

  it.each([
    ['manager', 403],
    ['otherOwner', 403],
    ['otherManager', 403],
  ] as const)('as %s answers %i and saves nothing', async (who, status) => {
    const before = await t.deps.db.$count(reportSchedules);
    const res = await upsert(valid(), who);
    expect(res.status).toBe(status);
    expect(await t.deps.db.$count(reportSchedules)).toBe(before);
  });

  it('refuses to change a schedule of another property, or one that does not exist', async () => {
    const created = (await upsert(valid())).body.result;
    const elsewhere = await upsert({ ...valid({ siteID: f.otherSite.id }), scheduleID: created.scheduleID }, 'admin');
    expect(elsewhere.status).toBe(400);
    expect((await upsert({ ...valid(), scheduleID: 987_654 }, 'admin')).status).toBe(404);
    expect((await upsert({ ...valid(), scheduleID: 987_654 }, 'owner')).status).toBe(403);
  });
});

describe('listing, runs and removing', () => {
  it('lists the property’s schedules to its staff, and to nobody else', async () => {
    const mine = await list(f.site.id);
    expect(mine.status).toBe(200);
    expect(mine.body.result.length).toBeGreaterThan(0);
    expect(mine.body.result.every((s) => s.siteID === f.site.id)).toBe(true);
    expect((await list(f.site.id, 'otherOwner')).status).toBe(403);
    expect((await list(f.site.id, 'otherManager')).status).toBe(403);
    expect((await list(f.otherSite.id, 'owner')).status).toBe(403);
  });

  it('answers a schedule’s runs newest first, with what became of their mails', async () => {
    const created = (await upsert(valid())).body.result;
    await t.deps.db.insert(reportRuns).values([
      {
        scheduleId: created.scheduleID,
        dueAt: new Date('2026-10-19T12:00:00Z'),
        periodStart: '2026-10-12 00:00',
        periodEnd: '2026-10-19 00:00',
        status: 'failed',
        error: 'boom',
        startedAt: new Date('2026-10-19T12:00:00Z'),
      },
      {
        scheduleId: created.scheduleID,
        dueAt: new Date('2026-10-26T12:00:00Z'),
        periodStart: '2026-10-19 00:00',
        periodEnd: '2026-10-26 00:00',
        status: 'running',
        startedAt: new Date('2026-10-26T12:00:00Z'),
      },
    ]);
    const res = await runs(created.scheduleID);
    expect(res.status).toBe(200);
    expect(res.body.result.map((r) => [r.periodStart, r.status, r.error])).toEqual([
      ['2026-10-19 00:00', 'running', null],
      ['2026-10-12 00:00', 'failed', 'boom'],
    ]);
    expect(res.body.result[0]).toMatchObject({ mailsSent: 0, mailsPending: 0, mailsFailed: 0, rows: null });
    const listed = (await list(f.site.id)).body.result.find((s) => s.scheduleID === created.scheduleID)!;
    expect(listed.lastRun).toMatchObject({ periodStart: '2026-10-19 00:00', status: 'running' });
    expect((await runs(created.scheduleID, 'otherOwner')).status).toBe(403);
  });

  it('removes a schedule and its runs: an Administrator or Site Owner only', async () => {
    const created = (await upsert(valid())).body.result;
    expect((await remove(created.scheduleID, 'manager')).status).toBe(403);
    expect((await remove(created.scheduleID, 'otherOwner')).status).toBe(403);
    const res = await remove(created.scheduleID);
    expect(res.status).toBe(200);
    expect(await t.deps.db.$count(reportSchedules, eq(reportSchedules.id, created.scheduleID))).toBe(0);
    expect((await remove(created.scheduleID, 'admin')).status).toBe(404);
    expect((await runs(created.scheduleID, 'admin')).status).toBe(404);
  });
});
