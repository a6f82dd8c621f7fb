import { Box, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { SiteUsageSeries } from '@portal/contract';
import { lazy, Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useUsageBySite } from '../hooks';
import { UsageTable } from './UsageTable';

const CHART_HEIGHT = 200;

// The charting library loads with the first chart, not with the page.
const SiteUsageChart = lazy(async () => ({ default: (await import('./SiteUsageChart')).SiteUsageChart }));

function SiteUsage({ series }: { series: SiteUsageSeries }) {
  const { t, i18n } = useTranslation();
  const nameId = useId();
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 0 });
  const sum = (pick: (day: SiteUsageSeries['days'][number]) => number) =>
    series.days.reduce((total, day) => total + pick(day), 0);
  return (
    <Box component="figure" m={0} aria-labelledby={nameId}>
      <Group justify="space-between" wrap="wrap" gap="xs" mb={4}>
        <Text fw={600} id={nameId}>
          {series.siteName}
        </Text>
        <Text size="sm" c="dimmed">
          {t('dashboard.usage.totals', {
            kwh: number.format(sum((d) => d.kwh)),
            gallons: number.format(sum((d) => d.gallons)),
          })}
        </Text>
      </Group>
      <Suspense fallback={<Skeleton height={CHART_HEIGHT} />}>
        <SiteUsageChart series={series} height={CHART_HEIGHT} />
      </Suspense>
      <UsageTable series={series} />
    </Box>
  );
}

/** Beyond the specification: each property's daily electric and water usage over 30 days. */
export function UsageChart() {
  const { t } = useTranslation();
  const usage = useUsageBySite();
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="usage-chart-heading">
      <Title order={2} size="h4" mb="sm" id="usage-chart-heading">
        {t('dashboard.usage.title')}
      </Title>
      {usage.isPending && <Skeleton height={CHART_HEIGHT} />}
      {usage.isError && (
        <Text c="red" role="alert">
          {t('dashboard.usage.loadFailed')}
        </Text>
      )}
      {usage.data?.length === 0 && <Text c="dimmed">{t('dashboard.usage.empty')}</Text>}
      <Stack gap="xl">
        {usage.data?.map((series) => (
          <SiteUsage key={series.siteID} series={series} />
        ))}
      </Stack>
    </Paper>
  );
}
