import { Button, Group } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { SortingState } from '@tanstack/react-table';
import {
  matchesTransactionSearch,
  type StayTransaction,
  TRANSACTIONS_PAGE_SIZE,
  transactionsFileName,
} from '@portal/contract';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveFile } from '../../ui/saveFile';
import { DataTable } from '../../ui/DataTable';
import { toast } from '../../ui/toast';
import { useTransactionColumns } from './transactionColumns';
import { exportRequest, localDay, type TabView } from './transactionExport';
import { downloadTransactions } from './transactionHooks';

type Props = {
  view: Omit<TabView, 'search'>;
  data: StayTransaction[];
  initialSort: SortingState;
  minWidth: number;
  label: string;
};

/**
 * A Transactions tab: sorted, searched and paged in the browser (25 a page), and exported
 * as the user sees it. The search is the contract's rule, the one the export applies on
 * the server, so the file holds exactly the rows the table matches.
 */
export function TransactionsTable({ view, data, initialSort, minWidth, label }: Props) {
  const { t } = useTranslation();
  const automatic = t('transactions.automatic');
  const [busy, setBusy] = useState<'xlsx' | 'csv' | null>(null);
  const columns = useTransactionColumns(view.tab === 'history');
  const matches = useCallback(
    (stay: StayTransaction, search: string) => matchesTransactionSearch(stay, search, automatic),
    [automatic],
  );

  async function exportAs(format: 'xlsx' | 'csv', search: string) {
    setBusy(format);
    try {
      const blob = await downloadTransactions(exportRequest(t, { ...view, search }, format));
      saveFile(blob, transactionsFileName(view.tab, localDay(new Date()), format));
    } catch {
      toast.error(t('msg.exportFailed'));
    } finally {
      setBusy(null);
    }
  }

  return (
    <DataTable
      data={data}
      columns={columns}
      initialSort={initialSort}
      pageSize={TRANSACTIONS_PAGE_SIZE}
      minWidth={minWidth}
      label={label}
      getRowId={(stay) => String(stay.stayID)}
      matches={matches}
      actions={({ search, rows }) => (
        <Group justify="flex-end" gap="xs" mb="xs">
          {(['xlsx', 'csv'] as const).map((format) => (
            <Button
              key={format}
              size="xs"
              variant="default"
              leftSection={<IconDownload size={14} aria-hidden />}
              loading={busy === format}
              disabled={rows.length === 0 || (busy !== null && busy !== format)}
              onClick={() => void exportAs(format, search)}
            >
              {t(format === 'xlsx' ? 'transactions.exportExcel' : 'transactions.exportCsv')}
            </Button>
          ))}
        </Group>
      )}
    />
  );
}
