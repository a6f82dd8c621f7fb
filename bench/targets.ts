/**
 * What each figure of `npm run bench` is held to (the issues' goals, on the PostgreSQL bench):
 * the table prints the target beside the figure and whether it holds.
 */
import type { Row } from './report';

type Measure = 'medianMs' | 'p99Ms' | 'kb' | 'errors';

export type Target = { measure: Measure; max: number };

const UNITS: Record<Measure, string> = { medianMs: 'ms median', p99Ms: 'ms p99', kb: 'KB', errors: 'errors' };

export const targets: Record<string, Target[]> = {
  '2': [{ measure: 'medianMs', max: 150 }],
  '2p': [
    { measure: 'medianMs', max: 40 },
    { measure: 'kb', max: 60 },
  ],
  '4': [{ measure: 'medianMs', max: 50 }],
  '5': [{ measure: 'medianMs', max: 1_000 }],
  '5x': [{ measure: 'medianMs', max: 5_000 }],
  '7': [
    { measure: 'p99Ms', max: 400 },
    { measure: 'errors', max: 0 },
  ],
};

/** "≤ 40 ms median, ≤ 60 KB" and "holds" or "FAILS (…)" for a row; empty when it has no target. */
export function verdict(row: Row): { target: string; holds: string } {
  const held = targets[row.id] ?? [];
  if (!held.length) return { target: '', holds: '' };
  const missed = held.filter((t) => (row[t.measure] ?? 0) > t.max);
  return {
    target: held.map((t) => `≤ ${t.max} ${UNITS[t.measure]}`).join(', '),
    holds: missed.length ? `FAILS (${missed.map((t) => UNITS[t.measure]).join(', ')})` : 'holds',
  };
}
