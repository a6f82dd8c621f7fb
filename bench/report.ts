/** Figures of a scenario, the table `npm run bench` prints, and where results are kept. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { verdict } from './targets';

export type Row = {
  id: string;
  title: string;
  plays: number;
  medianMs: number;
  p95Ms: number;
  p99Ms: number;
  /** Plays a second: sequential when alone, all users together under load. */
  perSecond: number;
  rssMb?: number;
  bareMedianMs?: number;
  /** The JSON a play answers, uncompressed. */
  kb?: number;
  errors?: number;
};

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const round = (n: number) => Math.round(n * 10) / 10;

/** `seconds`: the wall time the plays shared (under load); alone, the sum of their times. */
export function summarize(id: string, title: string, times: number[], seconds?: number): Row {
  const sorted = [...times].sort((a, b) => a - b);
  const total = seconds ?? sorted.reduce((a, b) => a + b, 0) / 1000;
  return {
    id,
    title,
    plays: sorted.length,
    medianMs: round(percentile(sorted, 50)),
    p95Ms: round(percentile(sorted, 95)),
    p99Ms: round(percentile(sorted, 99)),
    perSecond: round(sorted.length / total),
  };
}

export function printTable(rows: Row[]): void {
  const header = [
    '',
    'scenario',
    'plays',
    'median ms',
    'p95 ms',
    'p99 ms',
    'plays/s',
    'RSS MB',
    'bare ms',
    '×bare',
    'KB',
    'errors',
    'target',
    'holds',
  ];
  const lines = rows.map((r) => [
    r.id,
    r.title,
    String(r.plays),
    String(r.medianMs),
    String(r.p95Ms),
    String(r.p99Ms),
    String(r.perSecond),
    r.rssMb === undefined ? '' : String(r.rssMb),
    r.bareMedianMs === undefined ? '' : String(r.bareMedianMs),
    r.bareMedianMs ? (r.medianMs / r.bareMedianMs).toFixed(1) : '',
    r.kb === undefined ? '' : String(r.kb),
    r.errors === undefined ? '' : String(r.errors),
    verdict(r).target,
    verdict(r).holds,
  ]);
  const widths = header.map((h, c) => Math.max(h.length, ...lines.map((l) => l[c]!.length)));
  const format = (cells: string[]) =>
    cells
      .map((cell, c) => (c === 1 || c >= header.length - 2 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!)))
      .join('  ');
  console.log([format(header), ...lines.map(format)].join('\n'));
}

/** Writes a result as JSON under bench/results/ (or BENCH_RESULTS_DIR) and returns the file. */
export function saveResult(name: string, result: object): string {
  const dir = process.env.BENCH_RESULTS_DIR ?? join(import.meta.dirname, 'results');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${name}.json`);
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  return file;
}
