import type { ImportRefusal, ImportReport, ImportWarning } from '@portal/contract';
import { audit } from '../../access/audit';
import { personOf, type UserContext } from '../../access/actor';
import type { SiteRef } from '../../access/scope';
import type { Tx } from '../../db/client';
import { announce } from '../../hub/events';
import { csvBatches } from './import-csv';
import { admit, apartFromTwins, propertyMeters, type AdmittedRow, type ImportGround } from './import-rows';
import { surroundingsOf } from './reading-checks';
import { recordReadings } from './readings';
import { readingValues } from './service';

/** Rows checked and stored at a time: a few thousand keep each statement short and the rows held few. */
const BATCH_ROWS = 2_000;

/** `valid`: the rows that pass are stored; `all`: nothing is stored unless every row passes. */
export type ImportOptions = { dryRun: boolean; mode: 'valid' | 'all' };

/** Ends the import's transaction keeping nothing (a preview, or `all` with a row refused), with what it found. */
class NothingKept extends Error {
  constructor(readonly report: ImportReport) {
    super('nothing kept');
  }
}

type Findings = {
  report: ImportReport;
  meterIds: Set<number>;
  warn: (line: number, code: ImportWarning) => void;
  refuse: (line: number, code: ImportRefusal) => void;
};

/**
 * Stores a batch's admitted rows as readings (`recordReadings`, the device's path): a row whose
 * total is stored at its instant already is nothing new, one below the reading before it or far
 * above the range expected is stored with a warning, one with another total stored at its instant
 * is refused as a conflict.
 */
async function storeBatch(tx: Tx, ctx: UserContext, admitted: AdmittedRow[], found: Findings): Promise<void> {
  const { single, twins } = apartFromTwins(admitted);
  for (const twin of twins) {
    if (twin.same) found.warn(twin.line, 'readingAlreadyStored');
    else found.refuse(twin.line, 'readingConflict');
  }
  const surroundings = await surroundingsOf(tx, single);
  const fresh = single.filter((row, i) => {
    const around = surroundings[i]!;
    if (around.alreadyStored) found.warn(row.line, 'readingAlreadyStored');
    else if (around.below) found.warn(row.line, 'readingBelowPrevious');
    else if (around.aboveExpected) found.warn(row.line, 'readingAboveExpected');
    return !around.alreadyStored;
  });
  const { conflicts } = await recordReadings(
    tx,
    fresh.map((r) => ({ ...r, isReset: false })),
    { review: { reason: 'lateReading', userAccountId: personOf(ctx.actor) } },
  );
  const lineOf = new Map(fresh.map((r) => [`${r.servicePointId}@${r.readAt.getTime()}`, r.line]));
  for (const c of conflicts) found.refuse(lineOf.get(`${c.servicePointId}@${c.readAt.getTime()}`)!, 'readingConflict');
  for (const r of fresh) found.meterIds.add(r.servicePointId);
  found.report.accepted += fresh.length - conflicts.length;
}

const byLine = (a: { line: number }, b: { line: number }) => a.line - b.line;

/**
 * Imports a CSV of readings into a property's meters (docs/api.md, "Importing readings"). Each row
 * is checked as a device's reading or a hand read is, then stored through `recordReadings` a batch
 * at a time, in one transaction: a preview (`dryRun`) and an `all` import with a row refused roll
 * it back, so that a preview answers exactly what the import would do, and the import stores all
 * or none. Rows of meters outside the property are refused by line. One audit row per import kept.
 */
export async function importReadings(
  ctx: UserContext,
  site: SiteRef,
  csv: string,
  options: ImportOptions,
): Promise<ImportReport> {
  const now = ctx.now();
  const ground: ImportGround = {
    ...(await propertyMeters(ctx.db, site.siteId)),
    now,
    bounds: { maxAgeDays: ctx.config.readingMaxAgeDays, clockSkewMs: ctx.config.clockSkewSeconds * 1000 },
  };
  const report: ImportReport = { rows: 0, accepted: 0, warnings: [], refused: [] };
  const found: Findings = {
    report,
    meterIds: new Set(),
    warn: (line, code) => report.warnings.push({ line, code }),
    refuse: (line, code) => report.refused.push({ line, code }),
  };
  try {
    await ctx.db.transaction(async (tx) => {
      for await (const batch of csvBatches(csv, BATCH_ROWS)) {
        report.rows += batch.length;
        const admitted: AdmittedRow[] = [];
        for (const row of batch) {
          const checked = admit(row, ground);
          if (typeof checked === 'string') found.refuse(row.line, checked);
          else admitted.push(checked);
        }
        await storeBatch(tx, ctx, admitted, found);
      }
      report.warnings.sort(byLine);
      report.refused.sort(byLine);
      if (options.dryRun || (options.mode === 'all' && report.refused.length)) throw new NothingKept(report);
      await audit(tx, ctx.actor, {
        action: 'importReadings',
        entityType: 'site',
        entityId: site.siteId,
        after: {
          mode: options.mode,
          rows: report.rows,
          accepted: report.accepted,
          warnings: report.warnings.length,
          refused: report.refused.length,
        },
      });
      await announce(tx, await readingValues(tx, [...found.meterIds], now));
    });
    return report;
  } catch (err) {
    if (!(err instanceof NothingKept)) throw err;
    return options.dryRun ? report : { ...report, accepted: 0 };
  }
}
