import { PassThrough } from 'node:stream';
import { finished } from 'node:stream/promises';
import { csvDocument, reportFileName, type ReportCell, type ReportFormat } from '@portal/contract';
import type { Db } from '../../db/client';
import { writeReportXlsx, recordBatches, type PreparedReport } from '../reports';

export type ReportFile = { fileName: string; contentType: string; content: Buffer; rows: number };

const contentTypes: Record<ReportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

/**
 * A prepared report as a file in memory (it goes into the outbox): .xlsx through the
 * downloads' writer, or CSV (a header line of the report's columns, every cell neutralised).
 * `firstDay` and `lastDay` name the period as the downloads do. `withoutContacts`: the columns
 * of guests' contact details are left out (the file for recipients outside the business).
 */
export async function reportFile(
  db: Db,
  prepared: PreparedReport,
  format: ReportFormat,
  title: string,
  firstDay: string,
  lastDay: string,
  withoutContacts = false,
): Promise<ReportFile> {
  const columns = prepared.def.columns.filter((c) => !(withoutContacts && c.contact));
  let rows = 0;
  let content: Buffer;
  if (format === 'xlsx') {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (chunk: Buffer) => chunks.push(chunk));
    const done = finished(out);
    await writeReportXlsx(out, title, columns, (write) =>
      recordBatches(db, prepared, async (batch) => {
        rows += batch.length;
        await write(batch);
      }),
    );
    await done;
    content = Buffer.concat(chunks);
  } else {
    const lines: ReportCell[][] = [columns.map((c) => c.header)];
    await recordBatches(db, prepared, async (batch) => {
      rows += batch.length;
      for (const row of batch) lines.push(columns.map((c) => row[c.header] ?? null));
    });
    content = Buffer.from(csvDocument(lines), 'utf8');
  }
  return { fileName: reportFileName(firstDay, lastDay, format), contentType: contentTypes[format], content, rows };
}
