import { Stack, Text } from '@mantine/core';
import type { AlertDetail, AlertState } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { propertyTimeText } from '../../../ui/PropertyTime';
import { StatusBadge } from '../../../ui/StatusBadge';

const colors: Record<AlertState, string> = { open: 'red', acknowledged: 'yellow', resolved: 'green' };

/** An alert's state, and who acknowledged or resolved it when, each with their note, in the property's time zone. */
export function AlertStateCell({ alert }: { alert: AlertDetail }) {
  const { t, i18n } = useTranslation();
  const at = (iso: string) => propertyTimeText(iso, alert.timeZone ?? 'UTC', i18n.language);
  return (
    <Stack gap={2} align="flex-start">
      <StatusBadge color={colors[alert.state]} data-state={alert.state}>
        {t(`alerts.states.${alert.state}`)}
      </StatusBadge>
      {alert.acknowledgedAt && (
        <Text size="xs" c="dimmed">
          {t('alerts.detail.acknowledged', { user: alert.acknowledgedBy ?? '—', at: at(alert.acknowledgedAt) })}
        </Text>
      )}
      <Note text={alert.note} label="alerts.detail.note" />
      {alert.state === 'resolved' && alert.resolvedAt && (
        <Text size="xs" c="dimmed">
          {alert.resolvedBy
            ? t('alerts.detail.resolvedBy', { user: alert.resolvedBy, at: at(alert.resolvedAt) })
            : t('alerts.detail.resolvedAutomatically', { at: at(alert.resolvedAt) })}
        </Text>
      )}
      <Note text={alert.resolutionNote} label="alerts.detail.resolutionNote" />
    </Stack>
  );
}

/** What whoever acknowledged or resolved the alert wrote, under their line. */
function Note({ text, label }: { text: string | null; label: 'alerts.detail.note' | 'alerts.detail.resolutionNote' }) {
  const { t } = useTranslation();
  if (!text) return null;
  return (
    <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
      {t(label, { note: text })}
    </Text>
  );
}
