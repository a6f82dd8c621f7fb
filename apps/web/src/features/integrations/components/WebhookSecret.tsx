import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PropertyDialog } from '../../../ui/PropertyDialog';
import { ShownOnce } from './ShownOnce';

/**
 * An endpoint's signing secret, this once (made with the endpoint, or by a rotation), with how
 * a receiver checks each delivery by it.
 */
export function WebhookSecret({ secret, notice, onDone }: { secret: string; notice: string; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <ShownOnce
      value={secret}
      texts={{
        notice,
        label: t('integrations.webhooks.secret.label'),
        copied: t('integrations.webhooks.secret.copiedText'),
        copyFailed: t('integrations.webhooks.secret.copyFailed'),
      }}
      onDone={onDone}
    >
      <Text size="sm">{t('integrations.webhooks.secret.verify')}</Text>
    </ShownOnce>
  );
}

/** The dialog of a rotation's new secret. */
export function RotatedSecretDialog({
  secret,
  notice,
  onClose,
}: {
  secret: string;
  notice: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <PropertyDialog onClose={onClose} title={t('integrations.webhooks.secret.rotatedTitle')} size="lg">
      <WebhookSecret secret={secret} notice={notice} onDone={onClose} />
    </PropertyDialog>
  );
}
