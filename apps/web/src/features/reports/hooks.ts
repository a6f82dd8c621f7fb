import { useQuery } from '@tanstack/react-query';
import { locationDescriptionOption, reportRecords, reportType } from '@portal/contract';
import { z } from 'zod';
import { api } from '../../app/api';
import { ApiError } from '../../app/apiError';
import { getLogin } from '../../app/session/session';

export const reportKeys = {
  types: (siteID: number) => ['reports', 'types', siteID] as const,
  locations: (siteID: number, search: string) => ['reports', 'locations', siteID, search] as const,
};

export function useReportTypes(siteID: number, enabled = true) {
  return useQuery({
    queryKey: reportKeys.types(siteID),
    queryFn: async ({ signal }) =>
      (await api.get('Report/ReportsLookup', z.array(reportType), { query: { siteID }, signal })).result,
    enabled: enabled && siteID > 0,
    staleTime: 5 * 60_000,
  });
}

export function useLocationSearch(siteID: number, search: string) {
  return useQuery({
    queryKey: reportKeys.locations(siteID, search),
    queryFn: async ({ signal }) =>
      (
        await api.get('Report/SearchLocationDescriptions', z.array(locationDescriptionOption), {
          query: { siteID, search },
          signal,
        })
      ).result,
    enabled: siteID > 0 && search.trim().length >= 2,
    staleTime: 30_000,
  });
}

export type ReportRun = {
  reportID: number;
  siteID: number;
  storedProcedureCalled: string;
  /** Local 'YYYY-MM-DDTHH:mm' of the site. */
  start: string;
  end: string;
  locationDescription: string;
};

export async function fetchReportRecords(run: ReportRun) {
  return (
    await api.get('Report/ReportRecords', reportRecords, {
      query: {
        ReportID: run.reportID,
        SiteID: run.siteID,
        StoredProcedureCalled: run.storedProcedureCalled,
        PeriodStartDate: run.start,
        EndDate: run.end,
        LocationDescription: run.locationDescription,
      },
    })
  ).result;
}

/** Downloads the server's .xlsx of a report (a file answer, so not through the JSON client). */
export async function downloadExcel(
  run: ReportRun & { header: string; siteName: string; reportName: string },
): Promise<Blob> {
  const params = new URLSearchParams({
    Header: run.header,
    SiteID: String(run.siteID),
    LocationDes: run.locationDescription,
    ReportStartDate: run.start.slice(0, 10),
    ReportEndDate: run.end.slice(0, 10),
    SiteName: run.siteName,
    ReportStartTime: run.start.slice(11, 16),
    ReportEndTime: run.end.slice(11, 16),
    ReportName: run.reportName,
    ReportID: String(run.reportID),
    StoredProcedureCalled: run.storedProcedureCalled,
  });
  const token = getLogin()?.token;
  const response = await fetch(`/api/Report/GetDynamicExcel?${params}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw new ApiError(response.status, 'exportFailed', 'export failed');
  return response.blob();
}

/** Saves a blob under a file name through a temporary link. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
