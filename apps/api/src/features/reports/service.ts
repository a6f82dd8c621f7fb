import { reportFileName, toWallClock, type ReportRow, type ReportType } from '@portal/contract';
import type { Db, Queryable } from '../../db/client';
import { AppError, invalid } from '../../lib/errors';
import type { SiteRef } from '../../access/scope';
import { locationByDescription, listReportTypes, reportTypeById, siteForReport } from './queries';
import { reportByName, runReport, streamReport, type ReportDefinition, type ReportParams } from './registry';

export async function lookup(q: Queryable): Promise<ReportType[]> {
  const types = await listReportTypes(q);
  return types.flatMap((r) => {
    const def = reportByName(r.storedProcedureCalled);
    if (!def) return [];
    return [
      {
        reportTypeID: r.id,
        reportTypeName: r.name,
        columnHeaders: r.columnHeaders,
        displayOrder: r.displayOrder,
        storedProcedureCalled: r.storedProcedureCalled,
        needsLocation: def.inputs.location === 'required',
        inputs: def.inputs,
      },
    ];
  });
}

/** Whether the registered report of this name runs over a period (a scheduled run gives it one). */
export function takesPeriod(name: string): boolean {
  return reportByName(name)?.inputs.period === 'required';
}

export type ReportRequest = {
  reportId: number;
  name: string;
  /** Local date-times of the site; null when not given (a report that takes no period needs none). */
  start: string | null;
  end: string | null;
  locationDescription: string;
};

/** 'YYYY-MM-DD HH:mm' from a local date-time text, seconds dropped: reports work to the minute. */
function toMinute(text: string): string {
  return `${text.slice(0, 10)} ${text.slice(11, 16)}`;
}

/** The minute after a local 'YYYY-MM-DD HH:mm' (plain calendar arithmetic, no zone involved). */
function nextMinute(local: string): string {
  const d = new Date(`${local.replace(' ', 'T')}:00Z`);
  return new Date(d.getTime() + 60_000).toISOString().slice(0, 16).replace('T', ' ');
}

/**
 * The period a request gives, checked against what the report takes: a report over a period
 * needs both ends, start before end; a report that takes none refuses one rather than ignore it.
 * Empty for a report without a period (its query reads none).
 */
function periodOf(def: ReportDefinition, req: ReportRequest): { start: string; endExclusive: string } {
  if (def.inputs.period === 'unused') {
    if (req.start !== null || req.end !== null) throw invalid('reportTakesNoPeriod', 'PeriodStartDate');
    return { start: '', endExclusive: '' };
  }
  if (req.start === null || req.end === null) throw invalid('invalidReportInput', 'PeriodStartDate');
  const start = toMinute(req.start);
  const end = toMinute(req.end);
  if (
    Number.isNaN(Date.parse(`${start.replace(' ', 'T')}:00Z`)) ||
    Number.isNaN(Date.parse(`${end.replace(' ', 'T')}:00Z`))
  )
    throw invalid('invalidReportInput', 'PeriodStartDate');
  if (start >= end) throw invalid('invalidDates', 'PeriodStartDate');
  return { start, endExclusive: nextMinute(end) };
}

/**
 * The location a request names, checked against what the report takes: one of the property's
 * where the report needs one; where it is optional, none is the whole property and a name that
 * is not the property's is refused, never dropped.
 */
async function locationOf(q: Queryable, siteId: number, def: ReportDefinition, description: string) {
  if (!description) {
    if (def.inputs.location === 'required') throw invalid('invalidLocationDescription', 'LocationDescription');
    return null;
  }
  const locationId = await locationByDescription(q, siteId, description);
  if (locationId === null) throw invalid('invalidLocationDescription', 'LocationDescription');
  return locationId;
}

export type PreparedReport = { def: ReportDefinition; params: ReportParams; siteName: string; reportName: string };

/**
 * Checks a report request against the registry and the report type it names, the period
 * and the location, and resolves the site's zone and rates. Unknown names are refused
 * before anything runs. The site must already be checked against the caller's scope.
 */
export async function prepare(q: Queryable, site: SiteRef, req: ReportRequest): Promise<PreparedReport> {
  const def = reportByName(req.name);
  const type = await reportTypeById(q, req.reportId);
  if (!def || !type || type.storedProcedureCalled !== req.name) throw invalid('unknownReport', 'StoredProcedureCalled');
  const period = periodOf(def, req);
  const info = await siteForReport(q, site.siteId);
  if (!info) throw new AppError('notFound', 'requestedNotFound', { name: 'property' });
  const locationId = await locationOf(q, site.siteId, def, req.locationDescription.trim());
  return {
    def,
    siteName: info.name,
    reportName: type.name,
    params: {
      siteId: site.siteId,
      timeZone: info.time_zone,
      ...period,
      locationId,
      billingRate: info.billing_rate,
      waterBillingRate: info.water_billing_rate,
    },
  };
}

/**
 * The Excel file's title row and name: the period asked for (Report_{start}_To_{end}.xlsx), or,
 * for a report that takes none, the property's local date and time it was made.
 */
export function excelNames(
  prepared: PreparedReport,
  query: { ReportStartDate?: string; ReportEndDate?: string; ReportEndTime: string },
  now: Date,
): { title: string; fileName: string } {
  const heading = `${prepared.siteName} - ${prepared.reportName}`;
  if (query.ReportStartDate === undefined || query.ReportEndDate === undefined) {
    const local = new Date(toWallClock(prepared.params.timeZone, now.getTime())).toISOString();
    const day = local.slice(0, 10);
    return { title: `${heading} - as of ${day} ${local.slice(11, 16)}`, fileName: reportFileName(day, day) };
  }
  const end = `${query.ReportEndDate.slice(0, 10)} ${query.ReportEndTime.slice(0, 5)}`;
  return {
    title: `${heading} - ${prepared.params.start} to ${end}`,
    fileName: reportFileName(query.ReportStartDate, query.ReportEndDate),
  };
}

export async function records(q: Queryable, prepared: PreparedReport): Promise<ReportRow[]> {
  await prepared.def.before?.(q, prepared.params);
  return runReport(q, prepared.def, prepared.params);
}

/** The report's rows in batches from a cursor: exports of any size. */
export async function recordBatches(db: Db, prepared: PreparedReport, onBatch: (rows: ReportRow[]) => Promise<void>) {
  await prepared.def.before?.(db, prepared.params);
  return streamReport(db, prepared.def, prepared.params, onBatch);
}
