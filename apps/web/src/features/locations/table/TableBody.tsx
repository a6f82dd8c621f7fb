import { Alert, Button, Center, Group, Select, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../i18n/messages';
import { EmptyState } from '../../../ui/EmptyState';
import { Pager } from '../../../ui/Pager';
import { PagedTable } from './PagedTable';
import type { RowsTableProps } from './tableProps';
import { VirtualTable } from './VirtualTable';

const PAGE_SIZES = ['10', '25', '50', '100'];
/** The page size that shows every row, virtualized. */
const ALL_ROWS = 'all';

type Props = {
  state: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  /** How many rows the property has. */
  total: number;
  table: RowsTableProps;
  allRows: boolean;
  pageSize: number;
  pageIndex: number;
  pageCount: number;
  onPageSize: (pageSize: number | 'all') => void;
  onPage: (pageIndex: number) => void;
};

/** The table's place: a skeleton while loading, the failure, the empty property, or the rows with paging. */
export function TableBody({ state, total, table, allRows, pageSize, pageIndex, pageCount, onPageSize, onPage }: Props) {
  const { t } = useTranslation();
  if (state.isPending) {
    return (
      <Stack gap="xs" aria-busy="true" aria-label={t('common.loading')}>
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
  return (
    <>
      {allRows ? <VirtualTable {...table} /> : <PagedTable {...table} />}
      {table.rows.length === 0 && (
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
          data={[
            ...PAGE_SIZES.map((value) => ({ value, label: t('locations.table.perPage', { count: Number(value) }) })),
            { value: ALL_ROWS, label: t('locations.table.allRows') },
          ]}
          value={allRows ? ALL_ROWS : String(pageSize)}
          allowDeselect={false}
          onChange={(value) => {
            if (value) onPageSize(value === ALL_ROWS ? 'all' : Number(value));
          }}
        />
        {!allRows && pageCount > 1 && (
          <Pager total={pageCount} value={pageIndex + 1} onChange={(page) => onPage(page - 1)} />
        )}
      </Group>
    </>
  );
}
