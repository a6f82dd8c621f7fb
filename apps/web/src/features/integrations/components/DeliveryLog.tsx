import { Button, Table, Text } from '@mantine/core';
import type { WebhookDelivery, WebhookRow } from '@portal/contract';
import { IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, serverText } from '../../../i18n/messages';
import { EmptyState } from '../../../ui/EmptyState';
import { PropertyDialog } from '../../../ui/PropertyDialog';
import { PropertyTime, browserTimeZone } from '../../../ui/PropertyTime';
import { QueryState } from '../../../ui/QueryState';
import { ScrollTable } from '../../../ui/ScrollTable';
import { StatusBadge } from '../../../ui/StatusBadge';
import { toast } from '../../../ui/toast';
import { useRedeliverWebhook, useWebhookDeliveries } from '../hooks';
import { deliveryStatusColors } from '../webhooks';

const COLUMNS = [
  'event',
  'eventID',
  'status',
  'attempts',
  'statusCode',
  'lastAttempt',
  'nextAttempt',
  'response',
  'actions',
] as const;
/** The columns of figures, right-aligned. */
const FIGURES = new Set<string>(['attempts', 'statusCode']);
/** The characters of the endpoint's last answer shown in the row (the server keeps its start). */
const RESPONSE_CHARS = 120;

/**
 * An endpoint's delivery log, newest first, read again every few seconds while open: event,
 * webhook-id, status, attempts, the last answer (status code, time, start of its body), the
 * next attempt of a pending one, and Redeliver.
 */
export function DeliveryLog({ siteID, hook, onClose }: { siteID: number; hook: WebhookRow; onClose: () => void }) {
  const { t } = useTranslation();
  const deliveries = useWebhookDeliveries(hook.webhookID);
  const [zone] = useState(browserTimeZone);
  const columns = COLUMNS.map((c) => ({ label: t(`integrations.webhooks.log.columns.${c}`), figure: FIGURES.has(c) }));

  return (
    <PropertyDialog
      onClose={onClose}
      title={t('integrations.webhooks.log.title')}
      intro={t('integrations.webhooks.log.intro', { url: hook.url })}
      size="90rem"
    >
      <QueryState
        query={deliveries}
        loading={{ height: 32, count: 4, gap: 'xs' }}
        failed={t('integrations.webhooks.log.loadFailed')}
        empty={
          <EmptyState
            title={t('integrations.webhooks.log.emptyTitle')}
            text={t('integrations.webhooks.log.emptyText')}
          />
        }
      >
        {(list) => (
          <ScrollTable
            minWidth={1100}
            columns={columns}
            striped
            verticalSpacing="xs"
            aria-label={t('integrations.webhooks.log.tableLabel', { url: hook.url })}
          >
            {list.map((delivery) => (
              <DeliveryRow key={delivery.deliveryID} siteID={siteID} delivery={delivery} zone={zone} />
            ))}
          </ScrollTable>
        )}
      </QueryState>
    </PropertyDialog>
  );
}

function DeliveryRow({ siteID, delivery, zone }: { siteID: number; delivery: WebhookDelivery; zone: string }) {
  const { t } = useTranslation();
  const redeliver = useRedeliverWebhook(siteID);
  const d = delivery;
  const response = d.lastResponse ?? '';

  const onRedeliver = () =>
    redeliver.mutate(d.deliveryID, {
      onSuccess: (message) => toast.success(serverText(t, message, 'webhookRedelivered')),
      onError: (error) => toast.error(`${t('integrations.webhooks.log.redeliverFailed')} ${errorMessage(t, error)}`),
    });

  return (
    <Table.Tr>
      <Table.Td>
        <Text ff="monospace" size="sm">
          {d.type}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text ff="monospace" size="xs" style={{ wordBreak: 'break-all' }}>
          {d.eventID}
        </Text>
      </Table.Td>
      <Table.Td>
        <StatusBadge color={deliveryStatusColors[d.status]}>
          {t(`integrations.webhooks.log.status.${d.status}`)}
        </StatusBadge>
      </Table.Td>
      <Table.Td ta="right">{d.attempts}</Table.Td>
      <Table.Td ta="right">{d.lastStatusCode ?? '—'}</Table.Td>
      <Table.Td>
        {d.lastAttemptAt === null ? (
          t('integrations.webhooks.log.notYet')
        ) : (
          <PropertyTime iso={d.lastAttemptAt} timeZone={zone} />
        )}
      </Table.Td>
      <Table.Td>
        {d.status === 'pending' && d.nextAttemptAt !== null ? (
          <PropertyTime iso={d.nextAttemptAt} timeZone={zone} />
        ) : (
          '—'
        )}
      </Table.Td>
      <Table.Td maw={260}>
        <Text size="xs" ff="monospace" lineClamp={2} title={response || undefined} style={{ wordBreak: 'break-all' }}>
          {response === '' ? '—' : response.slice(0, RESPONSE_CHARS)}
        </Text>
      </Table.Td>
      <Table.Td>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconRefresh size={14} aria-hidden />}
          loading={redeliver.isPending}
          aria-label={t('integrations.webhooks.log.redeliverAction', { type: d.type, id: d.eventID })}
          onClick={onRedeliver}
        >
          {t('integrations.webhooks.log.redeliver')}
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}
