import { Button, Group } from '@mantine/core';
import { WEBHOOK_SECRET_OVERLAP_HOURS, type WebhookRow } from '@portal/contract';
import { IconHistory, IconKey, IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, serverText } from '../../../i18n/messages';
import { useConfirm } from '../../../ui/confirmContext';
import { toast } from '../../../ui/toast';
import { useDeleteWebhook, useEnableWebhook, useRotateWebhookSecret } from '../hooks';
import { RotatedSecretDialog } from './WebhookSecret';

/**
 * An endpoint's actions: its delivery log; a new secret (confirmed first, then shown once);
 * Enable when it is disabled; Delete (confirmed). Each button names the endpoint for screen readers.
 */
export function WebhookActions({
  siteID,
  hook,
  onDeliveries,
}: {
  siteID: number;
  hook: WebhookRow;
  onDeliveries: () => void;
}) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const rotate = useRotateWebhookSecret(siteID);
  const enable = useEnableWebhook(siteID);
  const remove = useDeleteWebhook(siteID);
  const [rotated, setRotated] = useState<{ secret: string; notice: string } | null>(null);
  const url = hook.url;

  const asked = (key: 'rotate' | 'delete') =>
    confirm({
      title: t(`integrations.webhooks.${key}.title`),
      message: t(`integrations.webhooks.${key}.question`, { url, hours: WEBHOOK_SECRET_OVERLAP_HOURS }),
      confirmLabel: t(`integrations.webhooks.${key}.confirm`),
      danger: true,
    });

  const onRotate = async () => {
    if (!(await asked('rotate'))) return;
    rotate.mutate(hook.webhookID, {
      onSuccess: ({ secret, message }) =>
        setRotated({ secret, notice: serverText(t, message, 'webhookSecretRotated') }),
      onError: (error) => toast.error(`${t('integrations.webhooks.rotate.failed')} ${errorMessage(t, error)}`),
    });
  };

  const onDelete = async () => {
    if (!(await asked('delete'))) return;
    remove.mutate(hook.webhookID, {
      onSuccess: (message) => toast.success(serverText(t, message, 'webhookDeleted')),
      onError: (error) => toast.error(`${t('integrations.webhooks.delete.failed')} ${errorMessage(t, error)}`),
    });
  };

  const onEnable = () =>
    enable.mutate(hook.webhookID, {
      onSuccess: (message) => toast.success(serverText(t, message, 'webhookEnabled')),
      onError: (error) => toast.error(`${t('integrations.webhooks.enable.failed')} ${errorMessage(t, error)}`),
    });

  return (
    <Group gap="xs" wrap="nowrap">
      <Button
        variant="default"
        size="xs"
        leftSection={<IconHistory size={14} aria-hidden />}
        aria-label={t('integrations.webhooks.deliveries.action', { url })}
        onClick={onDeliveries}
      >
        {t('integrations.webhooks.deliveries.button')}
      </Button>
      <Button
        variant="default"
        size="xs"
        leftSection={<IconKey size={14} aria-hidden />}
        loading={rotate.isPending}
        aria-label={t('integrations.webhooks.rotate.action', { url })}
        onClick={() => void onRotate()}
      >
        {t('integrations.webhooks.rotate.button')}
      </Button>
      {hook.disabledAt !== null && (
        <Button
          variant="default"
          size="xs"
          leftSection={<IconPlayerPlay size={14} aria-hidden />}
          loading={enable.isPending}
          aria-label={t('integrations.webhooks.enable.action', { url })}
          onClick={onEnable}
        >
          {t('integrations.webhooks.enable.button')}
        </Button>
      )}
      <Button
        // the word in the text's colour (red on a striped row is too faint to read), the icon red
        variant="default"
        size="xs"
        leftSection={<IconTrash size={14} color="var(--mantine-color-red-7)" aria-hidden />}
        loading={remove.isPending}
        aria-label={t('integrations.webhooks.delete.action', { url })}
        onClick={() => void onDelete()}
      >
        {t('integrations.webhooks.delete.confirm')}
      </Button>
      {rotated && <RotatedSecretDialog {...rotated} onClose={() => setRotated(null)} />}
    </Group>
  );
}
