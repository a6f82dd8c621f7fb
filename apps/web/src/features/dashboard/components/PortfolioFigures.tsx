import { Anchor, Badge, Button, Group, LoadingOverlay, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconBolt, IconCurrencyDollar, IconLeaf } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LocationCounts } from '../../../ui/LocationCounts';
import { PropertyTime } from '../../../ui/PropertyTime';
import { AlertText } from '../../alerts';
import { dashboardFailure } from '../dashboardError';
import { useLocationCounts, useRealtimeStats, useSystemAlerts } from '../hooks';
import classes from './PortfolioFigures.module.css';

/**
 * The figures of the properties the user sees (the dashboard's first block, on the Admin Panel
 * too): all-time kWh metered, lbs of CO2 saved and dollars recaptured, the location counts,
 * and the open system alerts.
 */
export function PortfolioFigures() {
  const { t, i18n } = useTranslation();
  const stats = useRealtimeStats();
  const counts = useLocationCounts();
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 0 });
  const dollars = new Intl.NumberFormat(i18n.language, { style: 'currency', currency: 'USD' });

  return (
    <Stack gap="md" component="section" aria-labelledby="portfolio-figures-heading">
      <Title order={2} size="h4" id="portfolio-figures-heading">
        {t('dashboard.stats')}
      </Title>
      <Paper withBorder radius="md" p="md" pos="relative" mih={96}>
        <LoadingOverlay
          visible={stats.isPending}
          zIndex={1}
          overlayProps={{ blur: 1 }}
          loaderProps={{ role: 'status', 'aria-label': t('common.loading') }}
        />
        {stats.isError ? (
          <Group justify="space-between" wrap="wrap">
            <Text c="red" fw={600} role="alert">
              {dashboardFailure(t, stats.error, 'realtimeStatsFailed')}
            </Text>
            <Button size="xs" variant="light" onClick={() => void stats.refetch()}>
              {t('sites.retry')}
            </Button>
          </Group>
        ) : (
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
            <Stat icon={<IconBolt aria-hidden />} color="yellow" label={t('dashboard.totalKwh')}>
              {stats.data ? number.format(stats.data.totalKwh) : '—'}
            </Stat>
            <Stat icon={<IconLeaf aria-hidden />} color="green" label={t('dashboard.co2')}>
              {stats.data ? number.format(stats.data.cO2) : '—'}
            </Stat>
            <Stat icon={<IconCurrencyDollar aria-hidden />} color="blue" label={t('dashboard.billed')}>
              {stats.data ? dollars.format(stats.data.billed) : '—'}
            </Stat>
          </SimpleGrid>
        )}
      </Paper>
      {counts.data && (
        <Group gap="xs" role="group" aria-label={t('dashboard.counts')}>
          <LocationCounts counts={counts.data} />
        </Group>
      )}
      <SystemAlerts />
    </Stack>
  );
}

function Stat({
  icon,
  color,
  label,
  children,
}: {
  icon: ReactNode;
  color: string;
  label: string;
  children: ReactNode;
}) {
  return (
    <Group gap="sm" wrap="nowrap" align="center">
      <Text c={color} className={classes.icon} component="span">
        {icon}
      </Text>
      <div>
        <Text size="xl" fw={700} lh={1.2}>
          {children}
        </Text>
        <Text size="sm" c="dimmed">
          {label}
        </Text>
      </div>
    </Group>
  );
}

/** The open system alerts, each raised at a time in its property's zone, the zone named. */
function SystemAlerts() {
  const { t, i18n } = useTranslation();
  const alerts = useSystemAlerts();
  return (
    <Stack gap="xs" pos="relative" mih={48}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Title order={3} size="h5" id="system-alerts-heading">
          {t('dashboard.alerts')}
          {alerts.data && alerts.data.length > 0 && (
            <Badge ml="xs" color="red" variant="filled" radius="sm" tt="none">
              {alerts.data.length}
            </Badge>
          )}
        </Title>
        <Anchor component={Link} to="/Alerts" size="sm">
          {t('alerts.viewAll')}
        </Anchor>
      </Group>
      <LoadingOverlay
        visible={alerts.isPending}
        zIndex={1}
        overlayProps={{ blur: 1 }}
        loaderProps={{ role: 'status', 'aria-label': t('common.loading') }}
      />
      {alerts.isError && (
        <Text c="red" fw={600} role="alert">
          {dashboardFailure(t, alerts.error, 'alertsFailed')}
        </Text>
      )}
      {alerts.data?.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('dashboard.noAlerts')}
        </Text>
      )}
      {alerts.data && alerts.data.length > 0 && (
        // Scrollable, so it is focusable: keyboard users can scroll it too.
        <div className={classes.alerts} tabIndex={0} role="region" aria-labelledby="system-alerts-heading">
          <ul className={classes.alertList}>
            {alerts.data.map((alert) => (
              <li key={alert.alertID} className={classes.alert}>
                <IconAlertTriangle size={16} aria-hidden className={classes.alertIcon} />
                <span className={classes.alertText}>
                  <AlertText alert={alert} language={i18n.language} />
                </span>
                <span className={classes.alertTime}>
                  <PropertyTime iso={alert.createdAt} timeZone={alert.timeZone ?? 'UTC'} />
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </Stack>
  );
}
