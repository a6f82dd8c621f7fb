import type { Writable } from 'node:stream';
import type { z } from 'zod';
import {
  checkedOutBy,
  csvDocument,
  guestName,
  HISTORY_ONLY_COLUMNS,
  toWallClock,
  TRANSACTION_EXPORT_COLUMNS,
  type ReportCell,
  type StayTransaction,
  type TransactionExportColumn,
  type TransactionTab,
  type transactionsExportRequest,
} from '@portal/contract';
import { writeReportXlsx, type Column } from '../reports';

type ExportRequest = z.output<typeof transactionsExportRequest>;

const sheetColumns: Record<TransactionExportColumn, Omit<Column, 'header'>> = {
  property: { type: 'text', width: 26 },
  location: { type: 'text', width: 18 },
  guest: { type: 'text', width: 22 },
  guestPhone: { type: 'text', width: 16 },
  checkIn: { type: 'datetime', width: 20 },
  checkOut: { type: 'datetime', width: 20 },
  timeZone: { type: 'text', width: 20 },
  usage: { type: 'number', width: 12 },
  estimated: { type: 'text', width: 12 },
  checkedInBy: { type: 'text', width: 20 },
  checkedOutBy: { type: 'text', width: 20 },
};

function columnsOf(tab: TransactionTab): TransactionExportColumn[] {
  return TRANSACTION_EXPORT_COLUMNS.filter((c) => tab === 'history' || !HISTORY_ONLY_COLUMNS.includes(c));
}

/** 'YYYY-MM-DD HH:mm:ss' in the property's zone: the export names the zone in its own column. */
function wallTime(iso: string | null, timeZone: string): string | null {
  if (iso === null) return null;
  return new Date(toWallClock(timeZone, Date.parse(iso))).toISOString().slice(0, 19).replace('T', ' ');
}

/** A stay's cells; its estimated mark is the column's own header ("Estimated"). */
function cellsOf(stay: StayTransaction, labels: ExportRequest['labels']): Record<TransactionExportColumn, ReportCell> {
  return {
    property: stay.siteName,
    location: stay.locationDescription,
    guest: guestName(stay.guest),
    guestPhone: stay.guest?.mobileNumber ?? '',
    checkIn: wallTime(stay.checkinDateTime, stay.timeZone),
    checkOut: wallTime(stay.checkoutDateTime, stay.timeZone),
    timeZone: stay.timeZone,
    usage: stay.usage,
    estimated: stay.estimated ? labels.columns.estimated : '',
    checkedInBy: stay.checkInByUserName ?? '',
    checkedOutBy: checkedOutBy(stay, labels.automatic),
  };
}

/** The CSV: a header line, then a line a stay; UTF-8 with a byte-order mark so that Excel reads the accents. */
export function transactionsCsv(request: ExportRequest, stays: StayTransaction[]): string {
  const columns = columnsOf(request.tab);
  return csvDocument([
    columns.map((c) => request.labels.columns[c]),
    ...stays.map((stay) => {
      const cells = cellsOf(stay, request.labels);
      return columns.map((c) => cells[c]);
    }),
  ]);
}

/** The .xlsx, through the reports' writer: a title row, the frozen header, date cells in each property's wall time. */
export function writeTransactionsXlsx(out: Writable, request: ExportRequest, stays: StayTransaction[]): Promise<void> {
  const columns = columnsOf(request.tab);
  const headers = columns.map((c) => request.labels.columns[c]);
  return writeReportXlsx(
    out,
    request.labels.title,
    columns.map((c, i) => ({ header: headers[i]!, ...sheetColumns[c] })),
    (write) =>
      write(
        stays.map((stay) => {
          const cells = cellsOf(stay, request.labels);
          return Object.fromEntries(columns.map((c, i) => [headers[i]!, cells[c]]));
        }),
      ),
  );
}
