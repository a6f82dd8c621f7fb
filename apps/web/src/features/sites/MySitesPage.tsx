import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../ui/EmptyState';
import { PageTitle } from '../../ui/PageTitle';

export function MySitesPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('pages.mySites.title')}</PageTitle>
      <EmptyState title={t('pages.mySites.emptyTitle')} text={t('pages.mySites.emptyText')} />
    </>
  );
}
