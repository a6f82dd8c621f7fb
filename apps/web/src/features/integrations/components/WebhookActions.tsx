import { Button, Group } from '@mantine/core';
import { WEBHOOK_SECRET_OVERLAP_HOURS, type WebhookRow } from '@portal/contract';
import { IconHistory, IconKey, IconPlayerPlay, IconTrash, type TablerIcon } from '@tabler/icons-react';
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

  /** What a failed action tells, its own words first. */
  const failed = (key: 'rotate' | 'delete' | 'enable') => (error: unknown) =>
    toast.error(`${t(`integrations.webhooks.${key}.failed`)} ${errorMessage(t, error)}`);

  const onRotate = async () => {
    if (!(await asked('rotate'))) return;
    rotate.mutate(hook.webhookID, {
      onSuccess: ({ secret, message }) =>
        setRotated({ secret, notice: serverText(t, message, 'webhookSecretRotated') }),
      onError: failed('rotate'),
    });
  };

  const onDelete = async () => {
    if (!(await asked('delete'))) return;
    remove.mutate(hook.webhookID, {
      onSuccess: (message) => toast.success(serverText(t, message, 'webhookDeleted')),
      onError: failed('delete'),
    });
  };

  const onEnable = () =>
    enable.mutate(hook.webhookID, {
      onSuccess: (message) => toast.success(serverText(t, message, 'webhookEnabled')),
      onError: failed('enable'),
    });

  return (
    <Group gap="xs" wrap="nowrap">
      <ActionButton action="deliveries" url={url} icon={IconHistory} onClick={onDeliveries} />
      <ActionButton
        action="rotate"
        url={url}
        icon={IconKey}
        loading={rotate.isPending}
        onClick={() => void onRotate()}
      />
      {hook.disabledAt !== null && (
        <ActionButton action="enable" url={url} icon={IconPlayerPlay} loading={enable.isPending} onClick={onEnable} />
      )}
      <ActionButton
        action="delete"
        url={url}
        icon={IconTrash}
        danger
        loading={remove.isPending}
        onClick={() => void onDelete()}
      />
      {rotated && <RotatedSecretDialog {...rotated} onClose={() => setRotated(null)} />}
    </Group>
  );
}

/**
 * One action on an endpoint: its word, and for screen readers what it does to which endpoint.
 * Delete is `danger`: its icon red (the word in the text's colour: red on a striped row is too
 * faint to read), its word the one that confirms it.
 */
function ActionButton({
  action,
  url,
  icon: Icon,
  danger = false,
  loading,
  onClick,
}: {
  action: 'deliveries' | 'rotate' | 'enable' | 'delete';
  url: string;
  icon: TablerIcon;
  danger?: boolean;
  loading?: boolean;
  onClick: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Button
      variant="default"
      size="xs"
      leftSection={<Icon size={14} color={danger ? 'var(--mantine-color-red-7)' : undefined} aria-hidden />}
      loading={loading}
      aria-label={t(`integrations.webhooks.${action}.action`, { url })}
      onClick={onClick}
    >
      {action === 'delete' ? t('integrations.webhooks.delete.confirm') : t(`integrations.webhooks.${action}.button`)}
    </Button>
  );
}
