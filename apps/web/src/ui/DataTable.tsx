import { Group, Table, Text } from '@mantine/core';
import { type ColumnDef, type SortingState, flexRender } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLengthAndSearch } from './PageLengthAndSearch';
import { Pager } from './Pager';
import { SortableTableHead } from './SortableTableHead';
import { usePagedTable } from './usePagedTable';

/** A table's own words around its rows; the reports' by default. */
type Texts = {
  pageLength: string;
  all: string;
  search: string;
  range: (range: { from: number; to: number; total: number }) => string;
  /** A row saying so when nothing matches; none by default. */
  empty?: string;
};

/**
 * A sortable, searchable, paged table with the length menu 10, 25, 50, 100, 200, 500, All:
 * the transactions tabs, the report view and the users list use it. `matches` replaces the
 * search over the columns' values with a rule of the caller's; `actions` (an export, say) sees
 * the search and the rows it matches.
 */
export function DataTable<T>({
  data,
  columns,
  initialSort,
  pageSize,
  minWidth = 720,
  dense = false,
  label,
  getRowId,
  matches,
  actions,
  texts,
  hidePagerWithOnePage = false,
}: {
  data: T[];
  columns: ColumnDef<T, unknown>[];
  initialSort: SortingState;
  pageSize: number;
  minWidth?: number;
  /** Smaller text and narrower gaps: a report of many columns fits a laptop's width. */
  dense?: boolean;
  label: string;
  getRowId?: (row: T) => string;
  matches?: (row: T, search: string) => boolean;
  actions?: (view: { search: string; rows: T[] }) => ReactNode;
  texts?: Texts;
  hidePagerWithOnePage?: boolean;
}) {
  const { t } = useTranslation();
  const paged = usePagedTable({ data, columns, initialSort, pageSize, getRowId, matches });
  const { table, pageIndex, range } = paged;
  const words: Texts = texts ?? {
    pageLength: t('reports.table.pageLength'),
    all: t('reports.table.all'),
    search: t('reports.table.search'),
    range: (shown: typeof range) => t('reports.table.showing', shown),
  };
  const rows = table.getRowModel().rows;

  return (
    <>
      {actions?.({ search: paged.search, rows: table.getFilteredRowModel().rows.map((r) => r.original) })}
      <PageLengthAndSearch state={paged} labels={words} />
      <Table.ScrollContainer minWidth={minWidth}>
        <Table
          striped
          highlightOnHover
          verticalSpacing="xs"
          horizontalSpacing={dense ? 6 : 'xs'}
          fz={dense ? 'xs' : undefined}
          aria-label={label}
        >
          <SortableTableHead table={table} />
          <Table.Tbody>
            {rows.length === 0 && words.empty !== undefined && (
              <Table.Tr>
                <Table.Td colSpan={columns.length}>
                  <Text c="dimmed" ta="center" py="md">
                    {words.empty}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {rows.map((row) => (
              <Table.Tr key={row.id}>
                {row.getVisibleCells().map((cell) => (
                  <Table.Td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="space-between" mt="sm" wrap="wrap">
        <Text size="sm" c="dimmed" role="status">
          {words.range(range)}
        </Text>
        <Pager
          total={table.getPageCount()}
          value={pageIndex + 1}
          onChange={(p) => paged.setPageIndex(p - 1)}
          hideWithOnePage={hidePagerWithOnePage}
        />
      </Group>
    </>
  );
}
