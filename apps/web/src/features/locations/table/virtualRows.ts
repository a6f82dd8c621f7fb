import type { LocationRow } from '@portal/contract';

/** The wide layout's row: its padding and border, and one line of 46 px a meter (at least one line). */
const ROW_FRAME_PX = 12;
const METER_LINE_PX = 46;

/** A row's height until it is measured, so that the scroll bar starts close to its true length. */
export function estimatedRowHeight(row: LocationRow): number {
  return ROW_FRAME_PX + METER_LINE_PX * Math.max(1, row.servicePoints.length);
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
