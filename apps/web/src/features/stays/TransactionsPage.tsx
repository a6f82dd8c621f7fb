import { Alert, Loader, Select, Tabs } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import {
  DateRangeFilter,
  DEFAULT_DATE_RANGE_FILTER,
  type StayTransaction,
  TRANSACTIONS_PAGE_SIZE,
} from '@portal/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../i18n/messages';
import { LocalTime } from '../public-meter/LocalTime';
import { DataTable } from '../reports/components/DataTable';
import { EmptyState } from '../../ui/EmptyState';
import { PageTitle } from '../../ui/PageTitle';
import { useCurrentVisits, useVisitHistory } from './transactionHooks';

const FILTERS = [
  DateRangeFilter.Last7Days,
  DateRangeFilter.Last30Days,
  DateRangeFilter.MonthToDate,
  DateRangeFilter.All,
];

/** Transactions: the stays in progress (Current Visits) and the finished ones (History). */
export function TransactionsPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<string | null>('current');
  const [filter, setFilter] = useState<number>(DEFAULT_DATE_RANGE_FILTER);
  return (
    <>
      <PageTitle>{t('pages.transactions.title')}</PageTitle>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="current">{t('pages.transactions.current')}</Tabs.Tab>
          <Tabs.Tab value="history">{t('pages.transactions.history')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="current">
          <CurrentVisits />
        </Tabs.Panel>
        <Tabs.Panel value="history">
          <Select
            label={t('transactions.filter')}
            w={220}
            mb="sm"
            data={FILTERS.map((f) => ({ value: String(f), label: t(`transactions.filters.${f}`) }))}
            value={String(filter)}
            onChange={(v) => setFilter(Number(v ?? DEFAULT_DATE_RANGE_FILTER))}
            allowDeselect={false}
          />
          <History filter={filter} />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}

function useColumns(history: boolean): ColumnDef<StayTransaction, unknown>[] {
  const { t } = useTranslation();
  return useMemo(() => {
    const time = (
      key: 'checkinDateTime' | 'checkoutDateTime',
      header: string,
    ): ColumnDef<StayTransaction, unknown> => ({
      id: key,
      header,
      accessorFn: (r) => r[key] ?? '',
      cell: ({ row }) => <LocalTime iso={row.original[key]} />,
      enableGlobalFilter: false,
    });
    const cols: Array<ColumnDef<StayTransaction, unknown> | null> = [
      { id: 'siteName', header: t('transactions.columns.property'), accessorFn: (r) => r.siteName },
      {
        id: 'locationDescription',
        header: t('transactions.columns.location'),
        accessorFn: (r) => r.locationDescription,
      },
      time('checkinDateTime', t('transactions.columns.checkIn')),
      history ? time('checkoutDateTime', t('transactions.columns.checkOut')) : null,
      {
        id: 'usage',
        header: t('transactions.columns.usage'),
        accessorFn: (r) => r.usage,
        cell: ({ row }) => `${row.original.usage.toLocaleString(undefined, { maximumFractionDigits: 2 })} kWh`,
      },
      {
        id: 'checkInByUserName',
        header: t('transactions.columns.checkedInBy'),
        accessorFn: (r) => r.checkInByUserName ?? '',
      },
      history
        ? {
            id: 'checkOutByUserName',
            header: t('transactions.columns.checkedOutBy'),
            accessorFn: (r) => r.checkOutByUserName ?? '',
          }
        : null,
    ];
    return cols.filter((c): c is ColumnDef<StayTransaction, unknown> => c !== null);
  }, [t, history]);
}

function CurrentVisits() {
  const { t } = useTranslation();
  const query = useCurrentVisits();
  const columns = useColumns(false);
  if (query.isPending) return <Loader size="sm" aria-label={t('common.loading')} />;
  if (query.error)
    return (
      <Alert color="red" role="alert">
        {errorMessage(t, query.error)}
      </Alert>
    );
  if (query.data.length === 0)
    return <EmptyState title={t('transactions.emptyCurrentTitle')} text={t('transactions.emptyCurrentText')} />;
  // spec: current visits sorted by column 3 (Check In Date) ascending
  return (
    <DataTable
      data={query.data}
      columns={columns}
      initialSort={[{ id: 'checkinDateTime', desc: false }]}
      pageSize={TRANSACTIONS_PAGE_SIZE}
      label={t('pages.transactions.current')}
    />
  );
}

function History({ filter }: { filter: number }) {
  const { t } = useTranslation();
  const query = useVisitHistory(filter);
  const columns = useColumns(true);
  if (query.isPending) return <Loader size="sm" aria-label={t('common.loading')} />;
  if (query.error)
    return (
      <Alert color="red" role="alert">
        {errorMessage(t, query.error)}
      </Alert>
    );
  if (query.data.length === 0)
    return <EmptyState title={t('transactions.emptyHistoryTitle')} text={t('transactions.emptyHistoryText')} />;
  // spec: history sorted by column 4 (Check Out Date) descending
  return (
    <DataTable
      key={filter}
      data={query.data}
      columns={columns}
      initialSort={[{ id: 'checkoutDateTime', desc: true }]}
      pageSize={TRANSACTIONS_PAGE_SIZE}
      minWidth={900}
      label={t('pages.transactions.history')}
    />
  );
}
