import { Alert, Box, Button, Center, Group, Loader, Select, Skeleton, Stack, Text } from '@mantine/core';
import { PAGE_SIZE_OPTIONS, type PageSizeOption } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../i18n/messages';
import { EmptyState } from '../../../ui/EmptyState';
import { Pager } from '../../../ui/Pager';
import { PagedTable } from './PagedTable';
import type { RowsTableProps } from './tableProps';
import { VirtualTable } from './VirtualTable';

type Props = {
  state: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  /** How many rows the property has. */
  total: number;
  table: RowsTableProps;
  /** The length menu: rows a page, or 'all' (every row, virtualized). */
  pageSize: PageSizeOption;
  pageIndex: number;
  pageCount: number;
  /** Another page (or order, or search) is on its way: the rows shown are the ones before. */
  loading: boolean;
  onPageSize: (pageSize: PageSizeOption) => void;
  onPage: (pageIndex: number) => void;
};

/**
 * The table's place: a skeleton while the first page loads, the failure, the empty property, or
 * the rows with paging; while another page loads, the rows before stay, dimmed and marked busy.
 */
export function TableBody({ state, total, table, pageSize, pageIndex, pageCount, loading, onPageSize, onPage }: Props) {
  const { t } = useTranslation();
  if (state.isPending) {
    return (
      <Stack gap="xs" role="status" aria-busy="true" aria-label={t('common.loading')}>
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} height={44} radius="sm" />
        ))}
      </Stack>
    );
  }
  if (state.isError) {
    return (
      <Alert color="red" title={t('msg.locationsLoadFailed')}>
        <Text size="sm" mb="xs">
          {errorMessage(t, state.error)}
        </Text>
        <Button size="xs" variant="light" onClick={() => void state.refetch()}>
          {t('locations.table.retry')}
        </Button>
      </Alert>
    );
  }
  if (total === 0) return <EmptyState title={t('msg.noData')} text={t('locations.table.emptyText')} />;
  const allRows = pageSize === 'all';
  return (
    <>
      <Box aria-busy={loading} style={{ opacity: loading ? 0.6 : 1, transition: 'opacity 150ms' }}>
        {allRows ? <VirtualTable {...table} /> : <PagedTable {...table} />}
      </Box>
      {table.rows.length === 0 && !loading && (
        <Center py="md">
          <Text c="dimmed" size="sm">
            {t('msg.noData')}
          </Text>
        </Center>
      )}
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Select
          size="xs"
          w={110}
          aria-label={t('locations.table.pageSize')}
          data={PAGE_SIZE_OPTIONS.map((value) => ({
            value,
            label:
              value === 'all' ? t('locations.table.allRows') : t('locations.table.perPage', { count: Number(value) }),
          }))}
          value={pageSize}
          allowDeselect={false}
          onChange={(value) => {
            if (value) onPageSize(value as PageSizeOption);
          }}
        />
        {loading && <Loader size="xs" role="status" aria-label={t('common.loading')} />}
        {!allRows && pageCount > 1 && (
          <Pager total={pageCount} value={pageIndex + 1} onChange={(page) => onPage(page - 1)} />
        )}
      </Group>
    </>
  );
}
