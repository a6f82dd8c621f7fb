import { z } from 'zod';
import { idParam } from './fields';

/**
 * The columns of a CSV of readings and the header names each goes by, compared without case,
 * spaces or punctuation ("Read at" is `readat`). A row's meter is named in its meter column or,
 * when that is empty or missing, its location column: a meter's name or device key, or the
 * description of its location. Estimated and unit are optional (the unit tells apart the two
 * meters of one location).
 */
export const IMPORT_COLUMNS = {
  meter: ['meter', 'metername', 'meterid', 'meternumber', 'meterserial', 'serial', 'serialnumber', 'devicekey'],
  location: ['location', 'locationdescription', 'description', 'space', 'pad', 'slip', 'lot'],
  reading: ['reading', 'total', 'value', 'meterreading', 'kwh', 'kwhtotal', 'gallons', 'totalgallons'],
  time: ['time', 'at', 'readat', 'readingtime', 'datetime', 'timestamp', 'date'],
  estimated: ['estimated', 'estimate', 'isestimated'],
  unit: ['unit', 'units'],
} as const;
export type ImportColumn = keyof typeof IMPORT_COLUMNS;

/** The largest file of readings the server takes: 100,000 rows are about 5 MB. */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;

/**
 * The import's query: the property, whether it is a preview (`dryRun`: checked, nothing
 * stored), and what a store keeps when some rows are refused: `valid` the rows that pass,
 * `all` nothing unless every row passes.
 */
export const importReadingsQuery = z.object({
  siteID: idParam,
  dryRun: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  mode: z.enum(['valid', 'all']).default('all'),
});
export type ImportReadingsQuery = z.input<typeof importReadingsQuery>;

/** Why a row is not stored: its meter, its flags, its value (as a hand read's), its time, or another total stored at it. */
export const IMPORT_REFUSALS = [
  'importMeterUnknown',
  'importMeterAmbiguous',
  'importUnitInvalid',
  'importEstimatedInvalid',
  'onlyInteger',
  'onlyIntegerOrDecimal',
  'invalidDecimal',
  'invalidValue',
  'importTimeInvalid',
  'readingInFuture',
  'readingTooOld',
  'readingBeforeMeter',
  'readingConflict',
] as const;
export type ImportRefusal = (typeof IMPORT_REFUSALS)[number];

/**
 * What is worth a look in a row that is stored: stored already (nothing new), below the reading
 * before it (a reset or a rollover?), far above the range its meter's usage makes expected.
 */
export const IMPORT_WARNINGS = ['readingAlreadyStored', 'readingBelowPrevious', 'readingAboveExpected'] as const;
export type ImportWarning = (typeof IMPORT_WARNINGS)[number];

const line = z.int32();

/**
 * What an import did, or a preview would do: its rows (the header not counted), those stored
 * as new readings (in a preview, those a store of the valid rows would store), and the
 * warnings and refusals by line of the file (the header is line 1).
 */
export const importReport = z.object({
  rows: z.int32(),
  accepted: z.int32(),
  warnings: z.array(z.object({ line, code: z.enum(IMPORT_WARNINGS) })),
  refused: z.array(z.object({ line, code: z.enum(IMPORT_REFUSALS) })),
});
export type ImportReport = z.infer<typeof importReport>;
