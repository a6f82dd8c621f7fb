import { Badge, Group, Stack, Table, Text } from '@mantine/core';
import type { WebhookRow } from '@portal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { browserTimeZone, propertyTimeText } from '../../../ui/PropertyTime';
import { ScrollTable } from '../../../ui/ScrollTable';
import { StatusBadge } from '../../../ui/StatusBadge';
import { oldSecretUntil, webhookStateColors, webhookStateOf } from '../webhooks';
import { DeliveryLog } from './DeliveryLog';
import { WebhookActions } from './WebhookActions';

const COLUMNS = ['url', 'events', 'state', 'actions'] as const;

/**
 * A property's endpoints: URL, event types, state (active, failing or disabled since when; the
 * old secret's end after a rotation) and their actions. Times are the user's own zone's, named.
 */
export function WebhooksTable({
  siteID,
  propertyName,
  hooks,
}: {
  siteID: number;
  propertyName: string;
  hooks: WebhookRow[];
}) {
  const { t, i18n } = useTranslation();
  const [zone] = useState(browserTimeZone);
  const [now] = useState(() => Date.now());
  const [logOf, setLogOf] = useState<WebhookRow | null>(null);
  const timeText = (iso: string) => propertyTimeText(iso, zone, i18n.language);
  const columns = COLUMNS.map((c) => ({
    label: t(`integrations.webhooks.columns.${c}`),
  }));

  return (
    <>
      <ScrollTable
        minWidth={860}
        columns={columns}
        striped
        verticalSpacing="sm"
        aria-label={t('integrations.webhooks.tableLabel', { property: propertyName })}
      >
        {hooks.map((hook) => {
          const state = webhookStateOf(hook);
          const since = hook.disabledAt ?? hook.failingSince;
          const oldUntil = oldSecretUntil(hook, now);
          return (
            <Table.Tr key={hook.webhookID}>
              <Table.Td>
                <Text ff="monospace" size="sm" style={{ wordBreak: 'break-all' }}>
                  {hook.url}
                </Text>
              </Table.Td>
              <Table.Td>
                <Group gap={4}>
                  {hook.events.map((type) => (
                    <Badge key={type} variant="outline" tt="none" radius="sm" ff="monospace" fw={500}>
                      {type}
                    </Badge>
                  ))}
                </Group>
              </Table.Td>
              <Table.Td>
                <Stack gap={2} align="flex-start">
                  <StatusBadge color={webhookStateColors[state]}>
                    {t(`integrations.webhooks.state.${state}`)}
                  </StatusBadge>
                  {since !== null && (
                    <Text size="xs" c="dimmed">
                      {t('integrations.webhooks.since', { time: timeText(since) })}
                    </Text>
                  )}
                  {oldUntil !== null && (
                    <Text size="xs" c="dimmed">
                      {t('integrations.webhooks.oldSecretUntil', { time: timeText(oldUntil) })}
                    </Text>
                  )}
                </Stack>
              </Table.Td>
              <Table.Td>
                <WebhookActions siteID={siteID} hook={hook} onDeliveries={() => setLogOf(hook)} />
              </Table.Td>
            </Table.Tr>
          );
        })}
      </ScrollTable>
      {logOf && <DeliveryLog siteID={siteID} hook={logOf} onClose={() => setLogOf(null)} />}
    </>
  );
}
