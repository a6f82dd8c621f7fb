import type { Writable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { neutralizeCell, type ReportRow } from '@portal/contract';
import type { Column } from './registry';

const formats: Record<Column['type'], string | undefined> = {
  text: undefined,
  // all 6 decimals a reading keeps, so that the shown Usage is End Reading − Start Reading
  number: '#,##0.000###',
  money: '#,##0.00',
  date: 'yyyy-mm-dd',
  datetime: 'yyyy-mm-dd hh:mm:ss',
};

/** A site-local 'YYYY-MM-DD[ HH:mm:ss]' as a date cell (spreadsheets have no zones: the wall time is kept). */
function toDate(text: string): Date {
  const [d, t = '00:00:00'] = text.split(' ');
  return new Date(`${d}T${t}Z`);
}

function cellValue(c: Column, v: ReportRow[string] | undefined): ExcelJS.CellValue {
  if (v === null || v === undefined) return null;
  if ((c.type === 'date' || c.type === 'datetime') && typeof v === 'string') return toDate(v);
  return neutralizeCell(v);
}

/**
 * Writes a report as .xlsx to a stream with exceljs's streaming writer: a title row (site,
 * report, period), the header row frozen, column widths, typed cells, each row committed
 * as it is written so the workbook is never held whole in memory. exceljs is loaded with the
 * first export: a server that writes none does not hold it in memory.
 */
export async function writeReportXlsx(
  out: Writable,
  title: string,
  columns: Column[],
  produce: (write: (rows: ReportRow[]) => Promise<void>) => Promise<void>,
): Promise<void> {
  const { default: excel } = await import('exceljs');
  const workbook = new excel.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Report', { views: [{ state: 'frozen', ySplit: 2 }] });
  sheet.columns = columns.map((c, i) => ({
    key: `c${i}`,
    width: c.width,
    style: formats[c.type] ? { numFmt: formats[c.type] } : {},
  }));
  const titleRow = sheet.addRow([neutralizeCell(title)]);
  titleRow.font = { bold: true, size: 13 };
  titleRow.commit();
  const header = sheet.addRow(columns.map((c) => neutralizeCell(c.header)));
  header.font = { bold: true };
  header.commit();
  await produce(async (rows) => {
    for (const row of rows) sheet.addRow(columns.map((c) => cellValue(c, row[c.header]))).commit();
    // let the zip stream drain between batches
    await new Promise<void>((resolve) => setImmediate(resolve));
  });
  sheet.commit();
  await workbook.commit();
}
