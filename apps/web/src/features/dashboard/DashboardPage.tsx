import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../ui/EmptyState';
import { PageTitle } from '../../ui/PageTitle';

export function DashboardPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('pages.dashboard.title')}</PageTitle>
      <EmptyState title={t('pages.dashboard.emptyTitle')} text={t('pages.dashboard.emptyText')} />
    </>
  );
}
