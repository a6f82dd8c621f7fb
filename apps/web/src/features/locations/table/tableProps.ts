import type { LocationRow } from '@portal/contract';
import type { SortingState } from '@tanstack/react-table';
import type { ColumnId, Dispatch } from './actions';

/** What the paged and the virtualized table show: the rows in order, and what each row needs. */
export type RowsTableProps = {
  rows: readonly LocationRow[];
  label: string;
  columns: readonly ColumnId[];
  labels: Record<ColumnId, string>;
  sorting: SortingState;
  onSort: (id: ColumnId) => void;
  selected: ReadonlySet<number>;
  highlighted: number | null;
  refreshingId: number | null;
  isAdmin: boolean;
  dispatch: Dispatch;
  /** The property's time zone: the times in the rows are shown in it. */
  timeZone: string;
};

/** The props of one row's view. */
export function rowViewProps(table: RowsTableProps, row: LocationRow) {
  return {
    row,
    columns: table.columns,
    labels: table.labels,
    selected: table.selected.has(row.locationID),
    highlighted: table.highlighted === row.locationID,
    refreshing: table.refreshingId === row.locationID,
    isAdmin: table.isAdmin,
    dispatch: table.dispatch,
    timeZone: table.timeZone,
  };
}
