import { Group, Pagination, Select, Table, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import {
  type ColumnDef,
  type SortingState,
  flexRender,
  getCoreRowModel,
  getFilteredRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  useReactTable,
} from '@tanstack/react-table';
import { PAGE_LENGTHS } from '@portal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SortableTableHead } from '../../../ui/SortableTableHead';

const ALL = -1;

/**
 * A sortable, searchable, paged table with the length menu 10, 25, 50, 100, 200, 500, All:
 * the transactions tabs and the report view use it.
 */
export function DataTable<T>({
  data,
  columns,
  initialSort,
  pageSize: initialPageSize,
  minWidth = 720,
  label,
}: {
  data: T[];
  columns: ColumnDef<T, unknown>[];
  initialSort: SortingState;
  pageSize: number;
  minWidth?: number;
  label: string;
}) {
  const { t } = useTranslation();
  const [sorting, setSorting] = useState<SortingState>(initialSort);
  const [search, setSearch] = useState('');
  const [pageLength, setPageLength] = useState<number>(initialPageSize);
  const [pageIndex, setPageIndex] = useState(0);

  const table = useReactTable({
    data,
    columns,
    state: {
      sorting,
      globalFilter: search,
      pagination: { pageIndex, pageSize: pageLength === ALL ? Math.max(data.length, 1) : pageLength },
    },
    onSortingChange: setSorting,
    onPaginationChange: (updater) => {
      const next = typeof updater === 'function' ? updater({ pageIndex, pageSize: pageLength }) : updater;
      setPageIndex(next.pageIndex);
    },
    globalFilterFn: 'includesString',
    getCoreRowModel: getCoreRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
    autoResetPageIndex: false,
  });

  const total = table.getFilteredRowModel().rows.length;
  const size = table.getState().pagination.pageSize;
  const from = total === 0 ? 0 : pageIndex * size + 1;
  const to = Math.min(total, (pageIndex + 1) * size);

  return (
    <>
      <Group justify="space-between" mb="sm" gap="sm" wrap="wrap">
        <Select
          label={t('reports.table.pageLength')}
          w={120}
          data={PAGE_LENGTHS.map((n) => ({ value: String(n), label: n === ALL ? t('reports.table.all') : String(n) }))}
          value={String(pageLength)}
          onChange={(value) => {
            setPageLength(Number(value ?? initialPageSize));
            setPageIndex(0);
          }}
          allowDeselect={false}
        />
        <TextInput
          label={t('reports.table.search')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPageIndex(0);
          }}
          type="search"
          w={{ base: '100%', xs: 260 }}
        />
      </Group>
      <Table.ScrollContainer minWidth={minWidth}>
        <Table striped highlightOnHover verticalSpacing="xs" aria-label={label}>
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
          {t('reports.table.showing', { from, to, total })}
        </Text>
        <Pagination
          total={table.getPageCount()}
          value={pageIndex + 1}
          onChange={(p) => setPageIndex(p - 1)}
          size="sm"
          getControlProps={() => ({ 'aria-label': t('reports.table.pages') })}
        />
      </Group>
    </>
  );
}
