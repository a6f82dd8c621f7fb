import { Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../ui/EmptyState';
import { PageTitle } from '../../ui/PageTitle';

/** Transactions: the stays in progress (Current Visits) and the finished ones (History). */
export function TransactionsPage() {
  const { t } = useTranslation();
  const empty = <EmptyState title={t('pages.transactions.emptyTitle')} text={t('pages.transactions.emptyText')} />;
  return (
    <>
      <PageTitle>{t('pages.transactions.title')}</PageTitle>
      <Tabs defaultValue="current">
        <Tabs.List mb="md">
          <Tabs.Tab value="current">{t('pages.transactions.current')}</Tabs.Tab>
          <Tabs.Tab value="history">{t('pages.transactions.history')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="current">{empty}</Tabs.Panel>
        <Tabs.Panel value="history">{empty}</Tabs.Panel>
      </Tabs>
    </>
  );
}
