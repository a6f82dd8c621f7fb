import { useQuery } from '@tanstack/react-query';
import { api } from '@portal/contract';
import { client, queryOf, requestFile } from '../../lib/client';

export function useReportTypes(siteID: number, enabled = true) {
  return useQuery({
    ...queryOf(api.reports.types, { query: { siteID } }),
    enabled: enabled && siteID > 0,
    staleTime: 5 * 60_000,
  });
}

export function useLocationSearch(siteID: number, search: string) {
  return useQuery({
    ...queryOf(api.reports.descriptions, { query: { siteID, search } }),
    enabled: siteID > 0 && search.trim().length >= 2,
    staleTime: 30_000,
  });
}

export type ReportRun = {
  reportID: number;
  siteID: number;
  storedProcedureCalled: string;
  /** Local 'YYYY-MM-DDTHH:mm' of the site; null for a report that takes no period. */
  start: string | null;
  end: string | null;
  locationDescription: string;
};

export async function fetchReportRecords(run: ReportRun) {
  return (
    await client.reports.records({
      query: {
        ReportID: run.reportID,
        SiteID: run.siteID,
        StoredProcedureCalled: run.storedProcedureCalled,
        ...(run.start === null ? {} : { PeriodStartDate: run.start }),
        ...(run.end === null ? {} : { EndDate: run.end }),
        LocationDescription: run.locationDescription,
      },
    })
  ).result;
}

/** Downloads the server's .xlsx of a report. */
export async function downloadExcel(
  run: ReportRun & { header: string; siteName: string; reportName: string },
): Promise<Blob> {
  return requestFile(api.reports.excel, {
    query: {
      Header: run.header,
      SiteID: run.siteID,
      LocationDes: run.locationDescription,
      ...(run.start === null
        ? {}
        : { ReportStartDate: run.start.slice(0, 10), ReportStartTime: run.start.slice(11, 16) }),
      ...(run.end === null ? {} : { ReportEndDate: run.end.slice(0, 10), ReportEndTime: run.end.slice(11, 16) }),
      SiteName: run.siteName,
      ReportName: run.reportName,
      ReportID: run.reportID,
      StoredProcedureCalled: run.storedProcedureCalled,
    },
  });
}
