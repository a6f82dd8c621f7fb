import { Button } from '@mantine/core';
import type { ApiKeyRow } from '@portal/contract';
import { IconBan } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorMessage, serverText } from '../../../i18n/messages';
import { useConfirm } from '../../../ui/confirmContext';
import { toast } from '../../../ui/toast';
import { useRevokeApiKey } from '../hooks';

/** Revoke, after a confirmation; a revoked key has nothing left to revoke. */
export function RevokeKeyButton({ businessID, apiKey }: { businessID: number; apiKey: ApiKeyRow }) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const revoke = useRevokeApiKey(businessID);

  const onRevoke = async () => {
    const confirmed = await confirm({
      title: t('integrations.revoke.title'),
      message: t('integrations.revoke.question', { name: apiKey.name, prefix: apiKey.prefix }),
      confirmLabel: t('integrations.revoke.confirm'),
      danger: true,
    });
    if (!confirmed) return;
    revoke.mutate(apiKey.apiKeyID, {
      onSuccess: (message) => toast.success(serverText(t, message, 'apiKeyRevoked')),
      onError: (error) => toast.error(`${t('integrations.revoke.failed')} ${errorMessage(t, error)}`),
    });
  };

  return (
    <Button
      // the word in the text's colour (red on a striped row is too faint to read), the icon red
      variant="default"
      size="xs"
      leftSection={<IconBan size={14} color="var(--mantine-color-red-7)" aria-hidden />}
      disabled={apiKey.revokedAt !== null}
      loading={revoke.isPending}
      aria-label={t('integrations.revoke.action', { name: apiKey.name })}
      onClick={() => void onRevoke()}
    >
      {t('integrations.revoke.confirm')}
    </Button>
  );
}
