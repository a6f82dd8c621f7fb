import type { z } from 'zod';
import {
  SCHEDULES_PER_PROPERTY_MAX,
  type RecipientState,
  type ReportSchedule,
  type ScheduleRun,
  type scheduleRequest,
} from '@portal/contract';
import type { Deps } from '../../deps';
import { audit } from '../../access/audit';
import { AppError, conflict, forbidden, invalid, notFound } from '../../lib/errors';
import type { Principal } from '../../access/principal';
import type { ScheduleRef, SiteRef } from '../../access/scope';
import { lookup as reportTypes, prepare } from '../reports';
import { canManageSites } from '../../access/site-policy';
import { nextSlot } from './period';
import {
  countSchedules,
  deleteSchedule,
  insertSchedule,
  lockSite,
  lastRunsOf,
  runsOf,
  scheduleById,
  scheduleRecord,
  schedulesOfSite,
  siteTiming,
  updateSchedule,
  type RunRow,
  type ScheduleRow,
} from './queries';
import { inviteOutsiders, recipientStates } from './recipients';
import { timingOf } from './run';
import type { UserContext } from '../../access/actor';
import { iso } from '../../lib/instants';

type ScheduleInput = z.output<typeof scheduleRequest>;

function presentRun(r: RunRow): ScheduleRun {
  return {
    runID: r.id,
    scheduleID: r.schedule_id,
    dueAt: iso(r.due_at),
    periodStart: r.period_start,
    periodEnd: r.period_end,
    status: r.status,
    rows: r.rows,
    fileName: r.file_name,
    error: r.error,
    finishedAt: r.finished_at === null ? null : iso(r.finished_at),
    mailsSent: r.mails_sent,
    mailsPending: r.mails_pending,
    mailsFailed: r.mails_failed,
  };
}

function presentSchedule(
  s: ScheduleRow,
  lastRun: RunRow | undefined,
  states: Map<string, RecipientState>,
): ReportSchedule {
  return {
    scheduleID: s.id,
    siteID: s.site_id,
    reportTypeID: s.report_type_id,
    reportName: s.report_name,
    frequency: s.frequency,
    time: s.at_time.slice(0, 5),
    format: s.format,
    recipients: s.recipients,
    recipientStates: s.recipients.map((email) => ({ email, state: states.get(email) ?? 'waiting' })),
    locationDescription: s.location_description,
    timeZone: s.time_zone,
    nextRunAt: iso(s.next_run_at),
    lastRun: lastRun ? presentRun(lastRun) : null,
  };
}

/** Who each recipient of the schedules is for their property. */
const statesOf = (deps: Deps, site: SiteRef, schedules: ScheduleRow[]) =>
  recipientStates(deps.db, site, [...new Set(schedules.flatMap((s) => s.recipients))]);

export async function listSchedules(deps: Deps, site: SiteRef): Promise<ReportSchedule[]> {
  const schedules = await schedulesOfSite(deps.db, site.siteId);
  const last = new Map(
    (
      await lastRunsOf(
        deps.db,
        schedules.map((s) => s.id),
      )
    ).map((r) => [r.schedule_id, r]),
  );
  const states = await statesOf(deps, site, schedules);
  return schedules.map((s) => presentSchedule(s, last.get(s.id), states));
}

export async function listRuns(deps: Deps, schedule: ScheduleRef): Promise<ScheduleRun[]> {
  return (await runsOf(deps.db, schedule.scheduleId)).map(presentRun);
}

/** Schedules are changed by an Administrator or the property's Site Owner, on a live property. */
function requireManager(user: Principal, site: SiteRef): void {
  if (!canManageSites(user)) throw forbidden();
  if (site.deleted) throw notFound('property');
}

/**
 * The report type must exist, and a report of one location must name a location of the
 * property; answers the report's name.
 */
async function checkReport(deps: Deps, site: SiteRef, input: ScheduleInput): Promise<string> {
  const type = (await reportTypes(deps.db)).find((t) => t.reportTypeID === input.reportTypeID);
  if (!type) throw invalid('unknownReport', 'reportTypeID');
  try {
    // the report's own checks, on a period of no consequence (none for a report that takes none)
    const period = type.inputs.period !== 'unused';
    await prepare(deps.db, site, {
      reportId: input.reportTypeID,
      name: type.storedProcedureCalled,
      start: period ? '2000-01-01 00:00' : null,
      end: period ? '2000-01-01 23:59' : null,
      locationDescription: input.locationDescription,
    });
  } catch (err) {
    if (err instanceof AppError && err.messageCode === 'unknownReport') throw invalid('unknownReport', 'reportTypeID');
    if (err instanceof AppError && err.messageCode === 'invalidLocationDescription')
      throw invalid('invalidLocationDescription', 'locationDescription');
    throw err;
  }
  return type.reportTypeName;
}

export async function upsertSchedule(
  ctx: UserContext,
  site: SiteRef,
  existing: ScheduleRef | undefined,
  input: ScheduleInput,
): Promise<ReportSchedule> {
  const { user } = ctx.actor;
  requireManager(user, site);
  if (existing && existing.siteId !== site.siteId) throw invalid('fieldNotValid', 'siteID');
  const reportName = await checkReport(ctx, site, input);
  const timing = await siteTiming(ctx.db, site.siteId);
  if (!timing) throw notFound('property');
  const now = ctx.now();
  const values = {
    reportTypeId: input.reportTypeID,
    frequency: input.frequency,
    atTime: input.time,
    format: input.format,
    recipients: [...new Set(input.recipients.map((r) => r.toLowerCase()))],
    locationDescription: input.locationDescription,
    nextRunAt: nextSlot(
      timingOf({
        frequency: input.frequency,
        at_time: input.time,
        time_zone: timing.time_zone,
        week_start: timing.week_start,
      }),
      now,
    ).at,
  };
  const id = await ctx.db.transaction(async (tx) => {
    // one save at a time a property: the number of its schedules holds under races
    await lockSite(tx, site.siteId);
    await inviteOutsiders(tx, ctx, site, reportName, values.recipients, now);
    if (existing) {
      const before = await scheduleRecord(tx, existing.scheduleId);
      const after = await updateSchedule(tx, existing.scheduleId, values, now);
      await audit(tx, ctx.actor, {
        action: 'updateReportSchedule',
        entityType: 'reportSchedule',
        entityId: after.id,
        before,
        after,
      });
      return after.id;
    }
    if ((await countSchedules(tx, site.siteId)) >= SCHEDULES_PER_PROPERTY_MAX) throw conflict('scheduleLimit');
    const row = await insertSchedule(tx, site.siteId, values, user.userAccountId, now);
    await audit(tx, ctx.actor, {
      action: 'createReportSchedule',
      entityType: 'reportSchedule',
      entityId: row.id,
      after: row,
    });
    return row.id;
  });
  const saved = (await scheduleById(ctx.db, id))!;
  return presentSchedule(saved, (await lastRunsOf(ctx.db, [id]))[0], await statesOf(ctx, site, [saved]));
}

export async function removeSchedule(ctx: UserContext, schedule: ScheduleRef) {
  const { user } = ctx.actor;
  requireManager(user, schedule);
  await ctx.db.transaction(async (tx) => {
    const before = await scheduleRecord(tx, schedule.scheduleId);
    await deleteSchedule(tx, schedule.scheduleId);
    await audit(tx, ctx.actor, {
      action: 'deleteReportSchedule',
      entityType: 'reportSchedule',
      entityId: schedule.scheduleId,
      before,
    });
  });
}
