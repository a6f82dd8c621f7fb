import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../ui/EmptyState';
import { PageTitle } from '../../ui/PageTitle';

export function AdminPanelPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('pages.adminPanel.title')}</PageTitle>
      <EmptyState title={t('pages.adminPanel.emptyTitle')} text={t('pages.adminPanel.emptyText')} />
    </>
  );
}
