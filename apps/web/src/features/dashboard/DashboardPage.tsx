import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../ui/PageTitle';
import { DashboardStats } from './components/DashboardStats';

/** The dashboard of every role: real-time stats, location counts and system alerts. */
export function DashboardPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('pages.dashboard.title')}</PageTitle>
      <DashboardStats />
    </>
  );
}
