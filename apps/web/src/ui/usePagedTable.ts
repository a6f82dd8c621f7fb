import {
  type Column,
  type ColumnDef,
  type FilterFnOption,
  type Row,
  type SortingState,
  type Table,
  getCoreRowModel,
  getFilteredRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  useReactTable,
} from '@tanstack/react-table';
import { useState } from 'react';

/** The page length of "All" in the length menu (PAGE_LENGTHS). */
export const ALL_ROWS = -1;

/** What the page-length menu and the search box read and change. */
export type PageLengthAndSearchState = {
  pageLength: number;
  setPageLength: (pageLength: number) => void;
  search: string;
  setSearch: (search: string) => void;
};

export type PagedTable<T> = PageLengthAndSearchState & {
  table: Table<T>;
  pageIndex: number;
  setPageIndex: (pageIndex: number) => void;
  /** The rows on this page, counted from 1, of all that match the search. */
  range: { from: number; to: number; total: number };
};

/**
 * A table sorted, searched over its columns and paged in the browser. A new search or
 * page length goes back to the first page.
 */
export function usePagedTable<T>({
  data,
  columns,
  initialSort,
  pageSize,
  getRowId,
  matches,
}: {
  data: T[];
  columns: ColumnDef<T, unknown>[];
  initialSort: SortingState;
  pageSize: number;
  getRowId?: (row: T) => string;
  /** The search's own rule; by default the text is looked for in the columns' values. */
  matches?: (row: T, search: string) => boolean;
}): PagedTable<T> {
  const [sorting, setSorting] = useState<SortingState>(initialSort);
  const [search, setSearch] = useState('');
  const [pageLength, setPageLength] = useState(pageSize);
  const [pageIndex, setPageIndex] = useState(0);

  const globalFilterFn: FilterFnOption<T> = matches
    ? (row: Row<T>, _column: string, search: string) => matches(row.original, search)
    : 'includesString';
  const table = useReactTable<T>({
    data,
    columns,
    state: {
      sorting,
      globalFilter: search,
      pagination: { pageIndex, pageSize: pageLength === ALL_ROWS ? Math.max(data.length, 1) : pageLength },
    },
    onSortingChange: setSorting,
    onPaginationChange: (updater) => {
      const next = typeof updater === 'function' ? updater({ pageIndex, pageSize: pageLength }) : updater;
      setPageIndex(next.pageIndex);
    },
    globalFilterFn,
    // a rule of the caller's judges the whole row once, through the first column
    ...(matches ? { getColumnCanGlobalFilter: (column: Column<T>) => column.getIndex() === 0 } : {}),
    getCoreRowModel: getCoreRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
    getRowId,
    autoResetPageIndex: false,
  });

  const total = table.getFilteredRowModel().rows.length;
  const shown = table.getState().pagination.pageSize;
  return {
    table,
    pageIndex,
    setPageIndex,
    pageLength,
    setPageLength: (next) => {
      setPageLength(next);
      setPageIndex(0);
    },
    search,
    setSearch: (next) => {
      setSearch(next);
      setPageIndex(0);
    },
    range: { from: total === 0 ? 0 : pageIndex * shown + 1, to: Math.min(total, (pageIndex + 1) * shown), total },
  };
}
