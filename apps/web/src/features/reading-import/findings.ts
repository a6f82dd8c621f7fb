import type { ImportReport } from '@portal/contract';

/** A line of the file worth a look: refused, or stored with a warning. */
export type Finding = {
  line: number;
  refused: boolean;
  code: ImportReport['refused'][number]['code'] | ImportReport['warnings'][number]['code'];
};

/** The report's refusals and warnings as one list by line (a line refused before its warnings). */
export function findingsOf(report: ImportReport): Finding[] {
  return [
    ...report.refused.map((r) => ({ line: r.line, refused: true, code: r.code })),
    ...report.warnings.map((w) => ({ line: w.line, refused: false, code: w.code })),
  ].sort((a, b) => a.line - b.line || Number(b.refused) - Number(a.refused));
}
