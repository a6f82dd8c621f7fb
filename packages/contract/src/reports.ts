import { z } from 'zod';
import { idParam } from './fields';

/**
 * What a report type does with the report dialog's inputs. A location it needs, or narrows its
 * rows by when one is given (none: the whole property). A period (start and end) it needs, or
 * has no use for (a report of how things stand now): the server refuses one, the dialog
 * disables the dates and says why.
 */
export const reportInputs = z.object({
  location: z.enum(['required', 'optional']),
  period: z.enum(['required', 'unused']),
});
export type ReportInputs = z.infer<typeof reportInputs>;

export const reportType = z.object({
  reportTypeID: z.int32(),
  reportTypeName: z.string(),
  columnHeaders: z.string(),
  displayOrder: z.int32(),
  storedProcedureCalled: z.string(),
  /** The location is required (spec: types 4 and 11); `inputs.location` says the same. */
  needsLocation: z.boolean(),
  /** The inputs the type takes, from the server's registry of reports. */
  inputs: reportInputs,
});
export type ReportType = z.infer<typeof reportType>;

/** Local date and time of the site, without zone: 2026-10-01T00:00 or 2026-10-01 00:00:00. */
export const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;
const localDateTime = z.string({ error: 'invalidReportInput' }).trim().regex(LOCAL_DATE_TIME, 'invalidReportInput');

export const locationSearchQuery = z.object({
  siteID: idParam,
  search: z.string().trim().min(2, 'invalidReportInput').max(100, 'maxLength'),
});
export const locationDescriptionOption = z.object({ locationID: z.int32(), locationDescription: z.string() });

export const reportRecordsQuery = z.object({
  ReportID: idParam,
  SiteID: idParam,
  StoredProcedureCalled: z.string().trim().min(1, 'invalidReportInput').max(100, 'maxLength'),
  /** Left out for a report that takes no period (its `inputs.period` is 'unused'). */
  PeriodStartDate: localDateTime.optional(),
  EndDate: localDateTime.optional(),
  LocationDescription: z.string().trim().max(100, 'maxLength').optional().default(''),
});
export type ReportRecordsQuery = z.input<typeof reportRecordsQuery>;

/** A cell: text, number, or a site-local date-time 'YYYY-MM-DD HH:mm:ss' / date 'YYYY-MM-DD'. */
export const reportCell = z.union([z.string(), z.number(), z.null()]);
export type ReportCell = z.infer<typeof reportCell>;
/** One row: the report's column headers as keys, in column order. */
export const reportRow = z.record(z.string(), reportCell);
export type ReportRow = z.infer<typeof reportRow>;
export const reportRecords = z.array(reportRow);

export const dynamicExcelQuery = z.object({
  Header: z.string().max(2000).optional().default(''),
  SiteID: idParam,
  LocationDes: z.string().trim().max(100, 'maxLength').optional().default(''),
  /** Left out, with the end date, for a report that takes no period. */
  ReportStartDate: z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}/, 'invalidReportInput')
    .optional(),
  ReportEndDate: z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}/, 'invalidReportInput')
    .optional(),
  SiteName: z.string().max(200).optional().default(''),
  ReportStartTime: z
    .string()
    .trim()
    .regex(/^\d{2}:\d{2}(:\d{2})?$/, 'invalidReportInput')
    .optional()
    .default('00:00'),
  ReportEndTime: z
    .string()
    .trim()
    .regex(/^\d{2}:\d{2}(:\d{2})?$/, 'invalidReportInput')
    .optional()
    .default('23:59'),
  ReportName: z.string().max(200).optional().default(''),
  ReportID: idParam,
  StoredProcedureCalled: z.string().trim().min(1, 'invalidReportInput').max(100, 'maxLength'),
});
export type DynamicExcelQuery = z.input<typeof dynamicExcelQuery>;

/** Report_{start}_To_{end}.xlsx, the dates as YYYY-MM-DD. */
export function reportFileName(startDate: string, endDate: string, ext = 'xlsx'): string {
  return `Report_${startDate.slice(0, 10)}_To_${endDate.slice(0, 10)}.${ext}`;
}

const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Neutralises formula injection in exported cells (Excel and CSV): text that starts with
 * = + - @, a tab or a carriage return gets a leading apostrophe, so a spreadsheet shows
 * it as text instead of running it. Numbers are numbers and pass unchanged.
 */
export function neutralizeCell<T>(value: T): T | string {
  if (typeof value !== 'string') return value;
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** One CSV line: every cell neutralised, quoted when it holds a comma, quote or line break. */
export function csvLine(cells: readonly ReportCell[]): string {
  return cells
    .map((cell) => {
      const text = cell === null ? '' : String(neutralizeCell(cell));
      return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
    })
    .join(',');
}

/** A CSV file's text: RFC 4180 lines (CRLF), UTF-8 with a byte-order mark so that Excel reads the accents. */
export function csvDocument(lines: readonly (readonly ReportCell[])[]): string {
  return `\uFEFF${lines.map(csvLine).join('\r\n')}\r\n`;
}

/** The report dialog's fields as the form holds them (local date-times 'YYYY-MM-DDTHH:mm'). */
export type ReportForm = {
  reportTypeID: number | null;
  start: string;
  end: string;
  /** The location description picked from the dropdown, or null when none was picked. */
  location: string | null;
  /** What the location box holds, picked or only typed. */
  locationText: string;
};

/**
 * The report dialog's checks, in the specification's order (section 5): every field the type
 * uses and a report type, then start before end, then a location from the dropdown where the
 * type needs one (reports 4 and 11).
 */
export function reportFormError(
  form: ReportForm,
  inputs: ReportInputs | null,
): 'invalidReportInput' | 'invalidDates' | 'invalidLocationDescription' | null {
  const period = inputs?.period !== 'unused';
  if (form.reportTypeID === null || (period && (!LOCAL_DATE_TIME.test(form.start) || !LOCAL_DATE_TIME.test(form.end))))
    return 'invalidReportInput';
  if (period && form.start.replace(' ', 'T') >= form.end.replace(' ', 'T')) return 'invalidDates';
  if (inputs?.location === 'required' && !form.location) return 'invalidLocationDescription';
  // a location typed but not picked is not dropped for the whole property
  if (form.locationText.trim() !== '' && !form.location) return 'invalidLocationDescription';
  return null;
}

/** The previous calendar month, 00:00 to 23:59, of the given local date ('YYYY-MM-DD'). */
export function previousMonthRange(today: string): { start: string; end: string } {
  const [y, m] = today.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(y, m - 2, 1));
  const last = new Date(Date.UTC(y, m - 1, 0));
  const day = (d: Date) => d.toISOString().slice(0, 10);
  return { start: `${day(first)}T00:00`, end: `${day(last)}T23:59` };
}

export type UsagePeriodKind = 'daily' | 'weekly' | 'monthly';

/**
 * The /Report page's quick periods, ending with yesterday (a complete day) of the given
 * local date: daily = yesterday, weekly = the 7 days to yesterday, monthly = the previous
 * calendar month.
 */
export function usagePeriod(kind: UsagePeriodKind, today: string): { start: string; end: string } {
  if (kind === 'monthly') return previousMonthRange(today);
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const day = (offset: number) => new Date(Date.UTC(y, m - 1, d + offset)).toISOString().slice(0, 10);
  return { start: `${day(kind === 'daily' ? -1 : -7)}T00:00`, end: `${day(-1)}T23:59` };
}
