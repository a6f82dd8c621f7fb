import { Alert, Loader, Select, Tabs } from '@mantine/core';
import { DateRangeFilter, DEFAULT_DATE_RANGE_FILTER, type StayTransaction } from '@portal/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ComponentProps, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../i18n/messages';
import { EmptyState } from '../../ui/EmptyState';
import { PageTitle } from '../../ui/PageTitle';
import type { DateRangeFilterId } from './transactionExport';
import { useCurrentVisits, useVisitHistory } from './transactionHooks';
import { TransactionsTable } from './TransactionsTable';

const FILTERS: DateRangeFilterId[] = [
  DateRangeFilter.Last7Days,
  DateRangeFilter.Last30Days,
  DateRangeFilter.MonthToDate,
  DateRangeFilter.All,
];

/** Transactions: the stays in progress (Current Visits) and the finished ones (History). */
export function TransactionsPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<string | null>('current');
  const [filter, setFilter] = useState<DateRangeFilterId>(DEFAULT_DATE_RANGE_FILTER);
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
            onChange={(v) => setFilter(FILTERS.find((f) => String(f) === v) ?? DEFAULT_DATE_RANGE_FILTER)}
            allowDeselect={false}
          />
          <History filter={filter} />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}

function CurrentVisits() {
  const { t } = useTranslation();
  // spec: current visits sorted by column 3 (Check In Date) ascending
  return (
    <Visits
      query={useCurrentVisits()}
      empty={{ title: t('transactions.emptyCurrentTitle'), text: t('transactions.emptyCurrentText') }}
      view={{ tab: 'current', filter: DEFAULT_DATE_RANGE_FILTER }}
      initialSort={[{ id: 'checkinDateTime', desc: false }]}
      minWidth={820}
      label={t('pages.transactions.current')}
    />
  );
}

function History({ filter }: { filter: DateRangeFilterId }) {
  const { t } = useTranslation();
  // spec: history sorted by column 4 (Check Out Date) descending
  return (
    <Visits
      key={filter}
      query={useVisitHistory(filter)}
      empty={{ title: t('transactions.emptyHistoryTitle'), text: t('transactions.emptyHistoryText') }}
      view={{ tab: 'history', filter }}
      initialSort={[{ id: 'checkoutDateTime', desc: true }]}
      minWidth={1040}
      label={t('pages.transactions.history')}
    />
  );
}

/** A tab's stays: a spinner while they load, the server's reason when they cannot, what the tab holds when empty. */
function Visits({
  query,
  empty,
  ...table
}: Omit<ComponentProps<typeof TransactionsTable>, 'data'> & {
  query: UseQueryResult<StayTransaction[]>;
  empty: { title: string; text: string };
}) {
  const { t } = useTranslation();
  if (query.isPending) return <Loader size="sm" role="status" aria-label={t('common.loading')} />;
  if (query.error)
    return (
      <Alert color="red" role="alert">
        {errorMessage(t, query.error)}
      </Alert>
    );
  if (query.data.length === 0) return <EmptyState title={empty.title} text={empty.text} />;
  return <TransactionsTable data={query.data} {...table} />;
}
