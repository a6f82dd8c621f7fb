import { Stack, TextInput } from '@mantine/core';
import { type CreateWebhookRequest, WEBHOOK_EVENT_TYPES, createWebhookRequest } from '@portal/contract';
import { useState } from 'react';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorMessage, inputProps, serverText } from '../../../i18n/messages';
import { applyFieldErrors, hasFieldErrors } from '../../../lib/formErrors';
import { useSchemaForm } from '../../../lib/schemaForm';
import { SubmitActions } from '../../../ui/DialogActions';
import { PropertyDialog } from '../../../ui/PropertyDialog';
import { toast } from '../../../ui/toast';
import { eventKeys } from '../events';
import { useCreateWebhook } from '../hooks';
import { WebhookSecret } from './WebhookSecret';
import { CodeChecklist } from './CodeChecklist';

/** The form's fields the server's field errors may name. */
const webhookFormFields = ['url', 'events'] as const;

/**
 * New endpoint of a property: its URL and the event types it is told of (each explained),
 * checked with the contract's schema (the server's field errors on their fields); then its
 * signing secret, shown this once.
 */
export function NewWebhookDialog({
  siteID,
  propertyName,
  onClose,
}: {
  siteID: number;
  propertyName: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [notice, setNotice] = useState<{ secret: string; text: string } | null>(null);
  return (
    <PropertyDialog
      onClose={onClose}
      title={notice ? t('integrations.webhooks.secret.createdTitle') : t('integrations.webhooks.form.title')}
      intro={notice ? undefined : t('integrations.webhooks.form.intro', { property: propertyName })}
      size="lg"
    >
      {notice ? (
        <WebhookSecret secret={notice.secret} notice={notice.text} onDone={onClose} />
      ) : (
        <WebhookForm siteID={siteID} onCancel={onClose} onCreated={(secret, text) => setNotice({ secret, text })} />
      )}
    </PropertyDialog>
  );
}

function WebhookForm({
  siteID,
  onCancel,
  onCreated,
}: {
  siteID: number;
  onCancel: () => void;
  onCreated: (secret: string, notice: string) => void;
}) {
  const { t } = useTranslation();
  const form = useSchemaForm(createWebhookRequest, {
    defaultValues: { siteID, url: '', events: [] } satisfies CreateWebhookRequest,
  });
  const { control } = form;
  const events = useController({ control, name: 'events' });
  const input = inputProps(t, form);
  const create = useCreateWebhook(siteID);

  const onSubmit = form.handleSubmit((request) =>
    create.mutate(request, {
      onSuccess: ({ secret, message }) => onCreated(secret, serverText(t, message, 'webhookCreated')),
      onError: (error) => {
        applyFieldErrors(error, form.setError, [...webhookFormFields]);
        const onFields = hasFieldErrors(error, webhookFormFields);
        toast.error(onFields ? t('integrations.webhooks.form.failed') : errorMessage(t, error));
      },
    }),
  );

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate>
      <Stack gap="md">
        <TextInput
          type="url"
          label={t('integrations.webhooks.form.url')}
          description={t('integrations.webhooks.form.urlHint')}
          placeholder="https://pms.example.com/portal-webhooks"
          withAsterisk
          autoComplete="off"
          data-autofocus
          {...input('url')}
        />
        <CodeChecklist
          {...events}
          codes={WEBHOOK_EVENT_TYPES}
          text={(type) => ({
            name: t(`integrations.webhooks.events.${eventKeys[type]}`),
            hint: t(`integrations.webhooks.eventHints.${eventKeys[type]}`),
          })}
          label={t('integrations.webhooks.form.events')}
          description={t('integrations.webhooks.form.eventsHint')}
        />
        <SubmitActions onCancel={onCancel} label={t('integrations.webhooks.form.create')} loading={create.isPending} />
      </Stack>
    </form>
  );
}
