import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../ui/EmptyState';
import { PageTitle } from '../../ui/PageTitle';

export function UserListPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('pages.users.title')}</PageTitle>
      <EmptyState title={t('pages.users.emptyTitle')} text={t('pages.users.emptyText')} />
    </>
  );
}
