import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../ui/EmptyState';
import { PageTitle } from '../../ui/PageTitle';

export function ReportPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('pages.report.title')}</PageTitle>
      <EmptyState title={t('pages.report.emptyTitle')} text={t('pages.report.emptyText')} />
    </>
  );
}
