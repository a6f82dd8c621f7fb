import type { LocationRow } from '@portal/contract';
import type { ColumnId } from './actions';

/** The wide layout's row: its padding and border, and one line of 46 px a meter (at least one line). */
const ROW_FRAME_PX = 12;
const METER_LINE_PX = 46;

/** A row's height until it is measured, so that the scroll bar starts close to its true length. */
export function estimatedRowHeight(row: LocationRow): number {
  return ROW_FRAME_PX + METER_LINE_PX * Math.max(1, row.servicePoints.length);
}

/**
 * Column widths of the virtualized table, whose rows are laid out one by one and so cannot
 * size the columns to their content: a minimum in rem and a share of the room left over.
 */
const COLUMN_WIDTHS: Record<ColumnId, { minRem: number; share: number }> = {
  select: { minRem: 4.25, share: 0 },
  description: { minRem: 12.5, share: 1.5 },
  meters: { minRem: 9, share: 1 },
  service: { minRem: 19, share: 2 },
  checkInOut: { minRem: 9, share: 0.5 },
  health: { minRem: 11, share: 0.5 },
  monitoring: { minRem: 6.5, share: 0 },
  actions: { minRem: 8.5, share: 0 },
};

/** The grid every row of the virtualized table follows, and the width below which the box scrolls sideways. */
export function gridColumns(columns: readonly ColumnId[]): { template: string; minWidth: string } {
  const widths = columns.map((id) => COLUMN_WIDTHS[id]);
  return {
    template: widths
      .map(({ minRem, share }) => (share ? `minmax(${minRem}rem, ${share}fr)` : `${minRem}rem`))
      .join(' '),
    minWidth: `${widths.reduce((sum, w) => sum + w.minRem, 0)}rem`,
  };
}

/** The rows to render: those in and around the view, plus the one holding the focus, so that scrolling never drops it. */
export function withFocusedRow(indexes: number[], focused: number): number[] {
  if (focused < 0 || indexes.includes(focused)) return indexes;
  return [...indexes, focused].sort((a, b) => a - b);
}

type Range = { startIndex: number; endIndex: number; overscan: number; count: number };

/**
 * The rows in view and the overscan around them, widened to whole blocks of rows: the DOM
 * changes once a block instead of on every frame, and frames in between only scroll.
 */
export function blockRange({ startIndex, endIndex, overscan, count }: Range, block: number): number[] {
  if (count === 0) return [];
  const first = Math.max(0, Math.floor((startIndex - overscan) / block) * block);
  const last = Math.min(count - 1, Math.ceil((endIndex + overscan + 1) / block) * block - 1);
  return Array.from({ length: last - first + 1 }, (_, i) => first + i);
}
