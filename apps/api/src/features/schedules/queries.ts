import { and, eq, sql } from 'drizzle-orm';
import type { ReportFormat, RunStatus, ScheduleFrequency } from '@portal/contract';
import { rows, type Queryable } from '../../db/client';
import { reportRuns, reportSchedules } from '../../db/schema';

export type ScheduleRow = {
  id: number;
  site_id: number;
  bus_entity_id: number;
  report_type_id: number;
  report_name: string;
  stored_procedure_called: string;
  frequency: ScheduleFrequency;
  /** 'HH:mm:ss' */
  at_time: string;
  format: ReportFormat;
  recipients: string[];
  location_description: string;
  time_zone: string;
  week_start: number;
  next_run_at: Date | string;
};

export type RunRow = {
  id: number;
  schedule_id: number;
  due_at: Date | string;
  period_start: string;
  period_end: string;
  status: RunStatus;
  rows: number | null;
  file_name: string | null;
  error: string | null;
  finished_at: Date | string | null;
  mails_sent: number;
  mails_pending: number;
  mails_failed: number;
};

const scheduleColumns = sql`
  s.id, s.site_id, sites.bus_entity_id, s.report_type_id, rt.name as report_name, rt.stored_procedure_called,
  s.frequency, s.at_time::text as at_time, s.format,
  s.recipients, s.location_description, sites.time_zone, coalesce(ss.week_start, 1)::int as week_start, s.next_run_at`;

const scheduleJoins = sql`
  join report_types rt on rt.id = s.report_type_id
  join sites on sites.id = s.site_id
  left join site_settings ss on ss.site_id = s.site_id`;

/** What a run's mails became: sent, waiting (or being retried), failed for good. */
const runColumns = sql`
  r.id, r.schedule_id, r.due_at, r.period_start, r.period_end, r.status, r.rows, r.file_name, r.error, r.finished_at,
  coalesce(m.sent, 0)::int as mails_sent, coalesce(m.pending, 0)::int as mails_pending,
  coalesce(m.failed, 0)::int as mails_failed`;

const runMails = sql`
  left join lateral (
    select count(*) filter (where o.sent_at is not null) as sent,
      count(*) filter (where o.sent_at is null and o.failed_at is null) as pending,
      count(*) filter (where o.failed_at is not null) as failed
    from outbox_emails o where o.id = any(r.email_ids)) m on true`;

export function schedulesOfSite(q: Queryable, siteId: number) {
  return rows<ScheduleRow>(
    q,
    sql`select ${scheduleColumns} from report_schedules s ${scheduleJoins}
    where s.site_id = ${siteId} order by rt.display_order, s.id`,
  );
}

export async function scheduleById(q: Queryable, id: number): Promise<ScheduleRow | null> {
  const [row] = await rows<ScheduleRow>(
    q,
    sql`select ${scheduleColumns} from report_schedules s ${scheduleJoins} where s.id = ${id}`,
  );
  return row ?? null;
}

/** The newest run of each of the schedules. */
export function lastRunsOf(q: Queryable, scheduleIds: number[]) {
  if (!scheduleIds.length) return Promise.resolve([]);
  return rows<RunRow>(
    q,
    sql`select distinct on (r.schedule_id) ${runColumns} from report_runs r ${runMails}
    where r.schedule_id in (${sql.join(
      scheduleIds.map((id) => sql`${id}`),
      sql`, `,
    )})
    order by r.schedule_id, r.due_at desc, r.id desc`,
  );
}

export function runsOf(q: Queryable, scheduleId: number, limit = 100) {
  return rows<RunRow>(
    q,
    sql`select ${runColumns} from report_runs r ${runMails}
    where r.schedule_id = ${scheduleId} order by r.due_at desc, r.id desc limit ${limit}`,
  );
}

/** The property's zone and week start, for the next run of a schedule being saved. */
export async function siteTiming(q: Queryable, siteId: number) {
  const [row] = await rows<{ time_zone: string; week_start: number }>(
    q,
    sql`select sites.time_zone, coalesce(ss.week_start, 1)::int as week_start
    from sites left join site_settings ss on ss.site_id = sites.id where sites.id = ${siteId}`,
  );
  return row ?? null;
}

export type ScheduleValues = Pick<
  typeof reportSchedules.$inferInsert,
  'reportTypeId' | 'frequency' | 'atTime' | 'format' | 'recipients' | 'locationDescription' | 'nextRunAt'
>;

export async function insertSchedule(q: Queryable, siteId: number, values: ScheduleValues, by: number, now: Date) {
  const [row] = await q
    .insert(reportSchedules)
    .values({ siteId, ...values, createdBy: by, createdAt: now, updatedAt: now })
    .returning();
  return row!;
}

export async function updateSchedule(q: Queryable, id: number, values: ScheduleValues, now: Date) {
  const [row] = await q
    .update(reportSchedules)
    .set({ ...values, updatedAt: now })
    .where(eq(reportSchedules.id, id))
    .returning();
  return row!;
}

/** Locks the property's row: saves of its schedules go one at a time. */
export async function lockSite(q: Queryable, siteId: number) {
  await q.execute(sql`select id from sites where id = ${siteId} for update`);
}

export function countSchedules(q: Queryable, siteId: number): Promise<number> {
  return q.$count(reportSchedules, eq(reportSchedules.siteId, siteId));
}

export async function scheduleRecord(q: Queryable, id: number) {
  const [row] = await q.select().from(reportSchedules).where(eq(reportSchedules.id, id));
  return row ?? null;
}

export async function deleteSchedule(q: Queryable, id: number) {
  await q.delete(reportSchedules).where(eq(reportSchedules.id, id));
}

// ---------------------------------------------------------------- the job's claims

/**
 * Claims the schedules due at `now` (of live properties): locked so that another instance
 * skips them; the caller moves each one's next run on in the same transaction.
 */
export function claimDueSchedules(q: Queryable, now: Date, limit: number) {
  return rows<ScheduleRow>(
    q,
    sql`select ${scheduleColumns} from report_schedules s ${scheduleJoins}
    where s.next_run_at <= ${now} and sites.deleted_at is null
    order by s.next_run_at limit ${limit}
    for update of s skip locked`,
  );
}

export async function moveNextRun(q: Queryable, id: number, nextRunAt: Date) {
  await q.update(reportSchedules).set({ nextRunAt }).where(eq(reportSchedules.id, id));
}

/** A run of a schedule at its due time, once: nothing when that run exists already. */
export async function insertRun(
  q: Queryable,
  run: { scheduleId: number; dueAt: Date; periodStart: string; periodEnd: string; startedAt: Date },
): Promise<{ id: number; startedAt: Date } | null> {
  const [row] = await q
    .insert(reportRuns)
    .values({ ...run, status: 'running' })
    .onConflictDoNothing()
    .returning({ id: reportRuns.id, startedAt: reportRuns.startedAt });
  return row ?? null;
}

/**
 * Claims runs left 'running' since before `staleBefore` (their instance died): each is
 * restarted by moving its start to `now`, so that only one instance takes it over.
 */
export function claimStaleRuns(q: Queryable, staleBefore: Date, now: Date, limit: number) {
  return rows<{ id: number; started_at: Date | string }>(
    q,
    sql`update report_runs r set started_at = ${now}
    where r.id in (
      select id from report_runs
      where status = 'running' and started_at <= ${staleBefore}
      order by started_at limit ${limit}
      for update skip locked)
    returning r.id, r.started_at`,
  );
}

export async function runForWork(q: Queryable, runId: number) {
  const [row] = await rows<ScheduleRow & { run_id: number; period_start: string; period_end: string }>(
    q,
    sql`select ${scheduleColumns}, r.id as run_id, r.period_start, r.period_end
    from report_runs r join report_schedules s on s.id = r.schedule_id ${scheduleJoins}
    where r.id = ${runId}`,
  );
  return row ?? null;
}

/**
 * Ends a run that is still the one its claim started (not taken over meanwhile by another
 * instance after a timeout): false when it was, and the caller drops its work.
 */
export async function finishRun(
  q: Queryable,
  runId: number,
  startedAt: Date,
  values: Pick<typeof reportRuns.$inferInsert, 'status' | 'rows' | 'fileName' | 'error' | 'emailIds' | 'finishedAt'>,
): Promise<boolean> {
  const done = await q
    .update(reportRuns)
    .set(values)
    .where(and(eq(reportRuns.id, runId), eq(reportRuns.status, 'running'), eq(reportRuns.startedAt, startedAt)))
    .returning({ id: reportRuns.id });
  return done.length > 0;
}
