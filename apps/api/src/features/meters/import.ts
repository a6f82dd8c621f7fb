import type { ImportRefusal, ImportReport, ImportWarning } from '@portal/contract';
import { audit } from '../../access/audit';
import { personOf, type UserContext } from '../../access/actor';
import type { SiteRef } from '../../access/scope';
import type { Tx } from '../../db/client';
import { announce } from '../../hub/events';
import { csvBatches } from './import-csv';
import { admit, apartFromTwins, propertyMeters, type AdmittedRow, type ImportGround } from './import-rows';
import { standIns, surroundingsOf } from './reading-checks';
import { recordReadings } from './readings';
import { readingValues } from './service';

/**
 * Rows checked and stored at a time: a few thousand keep the rows held few; each batch's
 * statement has a cost of its own, so 5,000 store about half as fast again as 2,000 (docs/performance.md).
 */
const BATCH_ROWS = 5_000;

/**
 * `dryRun`: a preview, nothing kept; `mode`: `valid` stores the rows that pass, `all` nothing
 * unless every row passes; `progress`: told the share of the file done after each batch.
 */
export type ImportOptions = { dryRun: boolean; mode: 'valid' | 'all'; progress: (share: number) => void };

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
 * total is stored at its instant already is nothing new, one with another total there is
 * refused as a conflict, one below the reading before it or far above the range expected is
 * stored with a warning. A preview puts stand-ins in their place.
 */
async function storeBatch(
  tx: Tx,
  ctx: UserContext,
  admitted: AdmittedRow[],
  found: Findings,
  dryRun: boolean,
): Promise<void> {
  const { single, twins } = apartFromTwins(admitted);
  for (const twin of twins) {
    if (twin.same) found.warn(twin.line, 'readingAlreadyStored');
    else found.refuse(twin.line, 'readingConflict');
  }
  const surroundings = await surroundingsOf(tx, single);
  const fresh = single.filter((row, i) => {
    const around = surroundings[i]!;
    if (around.alreadyStored) found.warn(row.line, 'readingAlreadyStored');
    else if (around.conflicting) found.refuse(row.line, 'readingConflict');
    else if (around.below) found.warn(row.line, 'readingBelowPrevious');
    else if (around.aboveExpected) found.warn(row.line, 'readingAboveExpected');
    return !around.alreadyStored && !around.conflicting;
  });
  if (dryRun) {
    await standIns(tx, fresh);
    found.report.accepted += fresh.length;
    return;
  }
  const { conflicts } = await recordReadings(
    tx,
    fresh.map((r) => ({ ...r, isReset: false })),
    { review: { reason: 'lateReading', userAccountId: personOf(ctx.actor) } },
  );
  // a device's reading stored at the same instant since the batch was checked
  const lineOf = new Map(fresh.map((r) => [`${r.servicePointId}@${r.readAt.getTime()}`, r.line]));
  for (const c of conflicts) found.refuse(lineOf.get(`${c.servicePointId}@${c.readAt.getTime()}`)!, 'readingConflict');
  for (const r of fresh) found.meterIds.add(r.servicePointId);
  found.report.accepted += fresh.length - conflicts.length;
}

const byLine = (a: { line: number }, b: { line: number }) => a.line - b.line;

/**
 * Imports a CSV of readings into a property's meters (docs/api.md, "Importing readings"). Each row
 * is checked as a device's reading or a hand read is, then stored through `recordReadings` a batch
 * at a time, in one transaction: an `all` import with a row refused rolls it back (all or none),
 * and so does a preview (`dryRun`), which makes the same checks against stand-ins of the rows
 * before, so that it refuses and warns of what the import would (only a far-above warning may
 * differ, the roll-ups it is judged from being the store's). Rows of meters outside the property
 * are refused by line. One audit row per import kept.
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
        report.rows += batch.rows.length;
        const admitted: AdmittedRow[] = [];
        for (const row of batch.rows) {
          const checked = admit(row, ground);
          if (typeof checked === 'string') found.refuse(row.line, checked);
          else admitted.push(checked);
        }
        await storeBatch(tx, ctx, admitted, found, options.dryRun);
        options.progress(batch.read);
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
