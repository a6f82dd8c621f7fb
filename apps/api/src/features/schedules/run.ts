import type { Deps } from '../../deps';
import { queueMails } from '../../lib/mailer';
import { prepare, takesPeriod } from '../reports';
import { scheduledReportMail, reportTitle } from './mail';
import { lastDayOf, latestSlot, nextSlot, periodOf, type ScheduleTiming } from './period';
import {
  claimDueSchedules,
  claimStaleRuns,
  finishRun,
  insertRun,
  moveNextRun,
  runForWork,
  type ScheduleRow,
} from './queries';
import { recipientStates } from './recipients';
import { reportFile, type ReportFile } from './report-file';

/** A run still 'running' this long after its start was left by an instance that died: another takes it over. */
export const STALE_RUN_MS = 10 * 60_000;
const BATCH = 10;

export const timingOf = (
  s: Pick<ScheduleRow, 'frequency' | 'at_time' | 'time_zone' | 'week_start'>,
): ScheduleTiming => ({
  frequency: s.frequency,
  time: s.at_time.slice(0, 5),
  timeZone: s.time_zone,
  weekStart: s.week_start,
});

/** Work that another instance took over after the timeout: this instance drops its file and mails. */
class TakenOver extends Error {}

/**
 * The scheduled reports' job, safe on every instance at once. In one transaction it claims
 * the schedules that are due (`for update skip locked`), moves each one's next run on and
 * records the run (unique by schedule and due time); then, outside it, it makes each run's
 * file and queues its mails with the run's end. A server that was down over one or more due
 * times makes one run, of the latest of them, when it is back. Runs left 'running' by an
 * instance that died are taken over after STALE_RUN_MS.
 */
export async function runSchedules(deps: Pick<Deps, 'db' | 'now'>): Promise<number> {
  const now = deps.now();
  const claimed = await deps.db.transaction(async (tx) => {
    const runs: Array<{ id: number; startedAt: Date }> = [];
    for (const s of await claimDueSchedules(tx, now, BATCH)) {
      const timing = timingOf(s);
      const slot = latestSlot(timing, now);
      await moveNextRun(tx, s.id, nextSlot(timing, now).at);
      const period = periodOf(timing, slot.day);
      const run = await insertRun(tx, {
        scheduleId: s.id,
        dueAt: slot.at,
        periodStart: period.start,
        periodEnd: period.end,
        startedAt: now,
      });
      if (run) runs.push(run);
    }
    return runs;
  });
  const stale = await claimStaleRuns(deps.db, new Date(now.getTime() - STALE_RUN_MS), now, BATCH);
  const runs = [...claimed, ...stale.map((r) => ({ id: r.id, startedAt: new Date(r.started_at) }))];
  for (const run of runs) await makeRun(deps, run.id, run.startedAt);
  return runs.length;
}

/** Makes a claimed run's file and queues one mail a recipient, or records why it failed. */
async function makeRun(deps: Pick<Deps, 'db' | 'now'>, runId: number, startedAt: Date): Promise<void> {
  const work = await runForWork(deps.db, runId);
  if (!work) return; // the schedule was deleted meanwhile, its runs with it
  try {
    const period = { start: work.period_start, end: work.period_end };
    const firstDay = period.start.slice(0, 10);
    const lastDay = lastDayOf(period);
    const prepared = await prepare(
      deps.db,
      { siteId: work.site_id, busEntityId: work.bus_entity_id, deleted: false },
      {
        reportId: work.report_type_id,
        name: work.stored_procedure_called,
        // a report of how things stand now takes no period: the run's period only names the mail
        start: takesPeriod(work.stored_procedure_called) ? period.start : null,
        end: takesPeriod(work.stored_procedure_called) ? `${lastDay} 23:59` : null,
        locationDescription: work.location_description,
      },
    );
    const facts = { siteName: prepared.siteName, reportName: prepared.reportName, firstDay, lastDay };
    // users of the business get the report; outside addresses that confirmed get it without the
    // guests' contact columns; the others get nothing (recipients.ts)
    const states = await recipientStates(
      deps.db,
      { siteId: work.site_id, busEntityId: work.bus_entity_id },
      work.recipients,
    );
    const forUsers = work.recipients.filter((to) => states.get(to) === 'user');
    const forOutside = work.recipients.filter((to) => states.get(to) === 'confirmed');
    const makeFile = (withoutContacts: boolean) =>
      reportFile(deps.db, prepared, work.format, reportTitle(facts), firstDay, lastDay, withoutContacts);
    const hasContacts = prepared.def.columns.some((c) => c.contact);
    const full = await makeFile(false);
    const outside = hasContacts && forOutside.length ? await makeFile(true) : full;
    const mailsWith = (file: ReportFile, to: string[]) => {
      const text = scheduledReportMail({
        ...facts,
        frequency: work.frequency,
        timeZone: work.time_zone,
        rows: file.rows,
        fileName: file.fileName,
      });
      const attachment = { fileName: file.fileName, contentType: file.contentType, content: file.content };
      return to.map((address) => ({ to: address, ...text, attachments: [attachment] }));
    };
    const now = deps.now();
    await deps.db.transaction(async (tx) => {
      const emailIds = await queueMails(tx, [...mailsWith(full, forUsers), ...mailsWith(outside, forOutside)], now);
      const mine = await finishRun(tx, runId, startedAt, {
        status: 'done',
        rows: full.rows,
        fileName: full.fileName,
        emailIds,
        finishedAt: now,
      });
      if (!mine) throw new TakenOver();
    });
  } catch (err) {
    if (err instanceof TakenOver) return;
    await finishRun(deps.db, runId, startedAt, {
      status: 'failed',
      error: err instanceof Error ? err.message : String(err),
      finishedAt: deps.now(),
    });
  }
}
