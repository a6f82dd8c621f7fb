import { Group, Table, Text } from '@mantine/core';
import { type ColumnDef, type SortingState, flexRender } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLengthAndSearch } from './PageLengthAndSearch';
import { Pager } from './Pager';
import { SortableTableHead } from './SortableTableHead';
import { usePagedTable } from './usePagedTable';

/**
 * A sortable, searchable, paged table with the length menu 10, 25, 50, 100, 200, 500, All:
 * the transactions tabs and the report view use it. `matches` replaces the search over the
 * columns' values with a rule of the caller's; `actions` (an export, say) sees the search
 * and the rows it matches.
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
}) {
  const { t } = useTranslation();
  const paged = usePagedTable({ data, columns, initialSort, pageSize, getRowId, matches });
  const { table, pageIndex, range } = paged;

  return (
    <>
      {actions?.({ search: paged.search, rows: table.getFilteredRowModel().rows.map((r) => r.original) })}
      <PageLengthAndSearch
        state={paged}
        labels={{
          pageLength: t('reports.table.pageLength'),
          all: t('reports.table.all'),
          search: t('reports.table.search'),
        }}
      />
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
            {table.getRowModel().rows.map((row) => (
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
          {t('reports.table.showing', range)}
        </Text>
        <Pager total={table.getPageCount()} value={pageIndex + 1} onChange={(p) => paged.setPageIndex(p - 1)} />
      </Group>
    </>
  );
}
