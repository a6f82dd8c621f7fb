import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../ui/PageTitle';
import { PortfolioFigures } from './components/PortfolioFigures';
import { UsageChart } from './components/UsageChart';

/** The dashboard of every role: real-time stats, location counts, system alerts and usage by property. */
export function DashboardPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('pages.dashboard.title')}</PageTitle>
      <Stack gap="lg">
        <PortfolioFigures />
        <UsageChart />
      </Stack>
    </>
  );
}
