import { Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import { IMPORT_COLUMNS, type ImportColumn } from '@portal/contract';
import { AppError, invalid } from '../../lib/errors';

/** A row of a file of readings: its line (the header is line 1) and its cells by column, '' where it has none. */
export type CsvRow = { line: number } & Record<ImportColumn, string>;

/** How much of the file the parser is handed at a time: what it parses ahead of the rows taken is about this much. */
const CHUNK_BYTES = 64 * 1024;
const COLUMNS = Object.keys(IMPORT_COLUMNS) as ImportColumn[];

/** The header's delimiter: the most frequent of comma, semicolon (spreadsheets in many languages write it) and tab. */
function delimiterOf(text: string): string {
  const end = text.indexOf('\n');
  const header = end < 0 ? text : text.slice(0, end);
  const count = (d: string) => header.split(d).length;
  return [',', ';', '\t'].reduce((best, d) => (count(d) > count(best) ? d : best));
}

const comparable = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Where each column is in a record, from the header's names; a header without meter or location, reading and time is refused. */
function columnsOf(header: string[]): Partial<Record<ImportColumn, number>> {
  const at: Partial<Record<ImportColumn, number>> = {};
  header.forEach((name, i) => {
    const column = COLUMNS.find((c) => (IMPORT_COLUMNS[c] as readonly string[]).includes(comparable(name)));
    if (column === undefined) return;
    if (at[column] !== undefined) throw new AppError('invalid', 'importColumnTwice', { column: name });
    at[column] = i;
  });
  if ((at.meter === undefined && at.location === undefined) || at.reading === undefined || at.time === undefined)
    throw invalid('importHeaderMissing');
  return at;
}

function* chunksOf(bytes: Buffer) {
  for (let i = 0; i < bytes.length; i += CHUNK_BYTES) yield bytes.subarray(i, i + CHUNK_BYTES);
}

/** The line breaks between two offsets: csv-parse tells where each record ends in bytes, not in lines. */
function newlinesIn(bytes: Buffer, from: number, to: number): number {
  let n = 0;
  for (let i = bytes.indexOf(0x0a, from); i >= 0 && i < to; i = bytes.indexOf(0x0a, i + 1)) n++;
  return n;
}

/** A batch of rows, and the share of the file read up to its last (0 to 1). */
export type CsvBatch = { rows: CsvRow[]; read: number };

/**
 * The rows of a CSV of readings, `size` at a time, parsed as they are taken (csv-parse), so that
 * no more than a batch and a chunk of the file are ever held as rows. The first row names the
 * columns (IMPORT_COLUMNS); blank lines are skipped, cells trimmed, a row's missing cells empty.
 * A file without rows, or that is not CSV (a quote never closed), is refused, the latter with the
 * line its bad row starts on.
 */
export async function* csvBatches(text: string, size: number): AsyncGenerator<CsvBatch> {
  const bytes = Buffer.from(text);
  const records = Readable.from(chunksOf(bytes)).pipe(
    parse({ delimiter: delimiterOf(text), bom: true, relax_column_count: true, trim: true, info: true }),
  );
  let columns: Partial<Record<ImportColumn, number>> | null = null;
  // where the next record starts: its byte and its line (a quoted cell may hold line breaks)
  let offset = 0;
  let line = 1;
  let batch: CsvRow[] = [];
  let rows = 0;
  try {
    for await (const { record, info } of records as AsyncIterable<{ record: string[]; info: { bytes: number } }>) {
      const at = line;
      line += newlinesIn(bytes, offset, info.bytes);
      offset = info.bytes;
      if (record.every((cell) => cell === '')) continue;
      if (!columns) {
        columns = columnsOf(record);
        continue;
      }
      const row = { line: at } as CsvRow;
      for (const column of COLUMNS) {
        const i = columns[column];
        row[column] = i === undefined ? '' : (record[i] ?? '');
      }
      batch.push(row);
      rows++;
      if (batch.length === size) {
        yield { rows: batch, read: offset / bytes.length };
        batch = [];
      }
    }
  } catch (err) {
    if (!(err instanceof CsvError)) throw err;
    // the parser reads ahead of the rows taken: where it stopped is the byte it names
    const at = typeof err.bytes === 'number' ? err.bytes : offset;
    throw new AppError('invalid', 'importUnreadable', { line: 1 + newlinesIn(bytes, 0, at) });
  }
  if (!columns) throw invalid('importHeaderMissing');
  if (!rows) throw invalid('importEmpty');
  if (batch.length) yield { rows: batch, read: 1 };
}
