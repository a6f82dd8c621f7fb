import { Stack } from '@mantine/core';
import type { CreateApiKeyRequest, IdValue } from '@portal/contract';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorMessage, serverText } from '../../../i18n/messages';
import { applyFieldErrors, hasFieldErrors } from '../../../lib/formErrors';
import type { ServerMessage } from '../../../lib/envelope';
import { SubmitActions } from '../../../ui/DialogActions';
import { PropertyDialog } from '../../../ui/PropertyDialog';
import { browserTimeZone } from '../../../ui/PropertyTime';
import { toast } from '../../../ui/toast';
import { type ApiKeyFormValues, apiKeyFormFields, apiKeyResolver, emptyApiKeyForm } from '../apiKeyForm';
import { useCreateApiKey } from '../hooks';
import { ApiKeyFields } from './ApiKeyFields';
import { ShownOnce } from './ShownOnce';

type Created = { key: string; message: ServerMessage | null };

/**
 * New API key: its name, properties, scopes and optional expiry, checked with the contract's
 * schema (the server's field errors on their fields); then the key itself, shown this once.
 */
export function NewApiKeyDialog({
  businessID,
  properties,
  onClose,
}: {
  businessID: number;
  properties: IdValue[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [created, setCreated] = useState<Created | null>(null);
  return (
    <PropertyDialog
      onClose={onClose}
      title={created ? t('integrations.created.title') : t('integrations.form.title')}
      size="lg"
    >
      {created ? (
        <ShownOnce
          value={created.key}
          texts={{
            notice: serverText(t, created.message, 'apiKeyCreated'),
            label: t('integrations.created.key'),
            copied: t('integrations.created.copiedText'),
            copyFailed: t('integrations.created.copyFailed'),
          }}
          onDone={onClose}
        />
      ) : (
        <ApiKeyForm businessID={businessID} properties={properties} onCancel={onClose} onCreated={setCreated} />
      )}
    </PropertyDialog>
  );
}

function ApiKeyForm({
  businessID,
  properties,
  onCancel,
  onCreated,
}: {
  businessID: number;
  properties: IdValue[];
  onCancel: () => void;
  onCreated: (created: Created) => void;
}) {
  const { t } = useTranslation();
  const [zone] = useState(browserTimeZone);
  const resolver = useMemo(() => apiKeyResolver(businessID, zone), [businessID, zone]);
  const form = useForm<ApiKeyFormValues, unknown, CreateApiKeyRequest>({ resolver, defaultValues: emptyApiKeyForm });
  const create = useCreateApiKey(businessID);

  const onSubmit = form.handleSubmit((request) =>
    create.mutate(request, {
      onSuccess: onCreated,
      onError: (error) => {
        applyFieldErrors(error, form.setError, apiKeyFormFields);
        const onFields = hasFieldErrors(error, apiKeyFormFields);
        toast.error(onFields ? t('integrations.form.failed') : errorMessage(t, error));
      },
    }),
  );

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate>
      <Stack gap="md">
        <ApiKeyFields form={form} properties={properties} timeZone={zone} />
        <SubmitActions onCancel={onCancel} label={t('integrations.form.create')} loading={create.isPending} />
      </Stack>
    </form>
  );
}
