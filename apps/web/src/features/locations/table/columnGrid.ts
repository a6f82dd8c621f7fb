import type { CSSProperties } from 'react';
import type { ColumnId } from './actions';

/**
 * Column widths of the locations table, paged or virtualized: a minimum in rem and a share
 * of the room left over. Both lay rows out on one grid (a virtualized row is placed on its
 * own, so it cannot size the columns to its content). The minimums of every column add up
 * to less than the content box of a 1,366 px screen, so no column is ever out of reach
 * there: headers and cells wrap instead (docs/decisions/).
 */
const COLUMN_WIDTHS: Record<ColumnId, { minRem: number; share: number }> = {
  select: { minRem: 2.5, share: 0 },
  description: { minRem: 9, share: 1 },
  meters: { minRem: 7, share: 0.5 },
  service: { minRem: 12.5, share: 1.5 },
  checkInOut: { minRem: 7.5, share: 0.6 },
  health: { minRem: 7, share: 0.6 },
  monitoring: { minRem: 6.5, share: 0 },
  actions: { minRem: 9, share: 0 },
};

/** The grid every row follows, and the width below which the table scrolls sideways. */
export function gridColumns(columns: readonly ColumnId[]): { template: string; minWidth: string } {
  const widths = columns.map((id) => COLUMN_WIDTHS[id]);
  return {
    template: widths
      .map(({ minRem, share }) => (share ? `minmax(${minRem}rem, ${share}fr)` : `${minRem}rem`))
      .join(' '),
    minWidth: `${minWidthRem(columns)}rem`,
  };
}

export const minWidthRem = (columns: readonly ColumnId[]) =>
  columns.reduce((sum, id) => sum + COLUMN_WIDTHS[id].minRem, 0);

/** The table's style: the grid as CSS variables (see LocationsTable.module.css). */
export function gridStyle(columns: readonly ColumnId[]): CSSProperties {
  const { template, minWidth } = gridColumns(columns);
  return { '--columns': template, '--min-width': minWidth } as CSSProperties;
}
