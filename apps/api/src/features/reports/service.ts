import type { ReportRow, ReportType } from '@portal/contract';
import type { Db, Queryable } from '../../db/client';
import { AppError, invalid } from '../../lib/errors';
import type { SiteRef } from '../auth/scope';
import { locationByDescription, listReportTypes, reportTypeById, siteForReport } from './queries';
import { reportByName, runReport, streamReport, type ReportDefinition, type ReportParams } from './registry';

export async function lookup(q: Queryable): Promise<ReportType[]> {
  return (await listReportTypes(q)).map((r) => ({
    reportTypeID: r.id,
    reportTypeName: r.name,
    columnHeaders: r.columnHeaders,
    displayOrder: r.displayOrder,
    storedProcedureCalled: r.storedProcedureCalled,
    needsLocation: r.needsLocation,
  }));
}

export type ReportRequest = {
  reportId: number;
  name: string;
  start: string;
  end: string;
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
  const start = toMinute(req.start);
  const end = toMinute(req.end);
  if (
    Number.isNaN(Date.parse(`${start.replace(' ', 'T')}:00Z`)) ||
    Number.isNaN(Date.parse(`${end.replace(' ', 'T')}:00Z`))
  )
    throw invalid('invalidReportInput', 'PeriodStartDate');
  if (start >= end) throw invalid('invalidDates', 'PeriodStartDate');
  const info = await siteForReport(q, site.siteId);
  if (!info) throw new AppError('notFound', 'requestedNotFound', { name: 'property' });
  let locationId: number | null = null;
  if (def.needsLocation || type.needsLocation) {
    locationId = req.locationDescription ? await locationByDescription(q, site.siteId, req.locationDescription) : null;
    if (locationId === null) throw invalid('invalidLocationDescription', 'LocationDescription');
  }
  return {
    def,
    siteName: info.name,
    reportName: type.name,
    params: {
      siteId: site.siteId,
      timeZone: info.time_zone,
      start,
      endExclusive: nextMinute(end),
      locationId,
      billingRate: info.billing_rate,
      waterBillingRate: info.water_billing_rate,
    },
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
