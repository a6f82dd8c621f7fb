import type { RefusalReason } from '@portal/contract';

const DAY_MS = 86_400_000;

/** The message of each time problem, as a person or an import is told it. */
export const TIME_PROBLEM_CODES = {
  clockAhead: 'readingInFuture',
  tooOld: 'readingTooOld',
  beforeMeter: 'readingBeforeMeter',
} as const;

/** The meter a reading is for, as admission needs it. */
export type AdmittedMeter = { id: number; createdAt: Date };

/** The bounds a reading's instant must keep: its age in days, and how far a meter's clock may be off the server's. */
export type TimeBounds = { maxAgeDays: number; clockSkewMs: number };

/**
 * Why a reading may not be stored, whatever path it comes by (a device, a person, an import):
 * later than now ('clockAhead', give or take a clock's skew), older than `maxAgeDays` before now
 * ('tooOld': a dead clock or a replay of the distant past), or from before its meter was
 * registered ('beforeMeter', give or take a clock's skew). Null when it may.
 */
export function timeProblem(
  readAt: Date,
  meter: AdmittedMeter,
  now: Date,
  bounds: TimeBounds,
): Extract<RefusalReason, 'clockAhead' | 'tooOld' | 'beforeMeter'> | null {
  if (readAt.getTime() > now.getTime() + bounds.clockSkewMs) return 'clockAhead';
  if (readAt.getTime() < now.getTime() - bounds.maxAgeDays * DAY_MS) return 'tooOld';
  if (readAt.getTime() < meter.createdAt.getTime() - bounds.clockSkewMs) return 'beforeMeter';
  return null;
}
