import { Modal, Stack, TextInput } from '@mantine/core';
import { type BusEntity, createBusEntityRequest } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/apiError';
import { applyFieldErrors, hasFieldErrors } from '../../../lib/formErrors';
import { errorMessage, inputProps, serverText } from '../../../i18n/messages';
import { toast } from '../../../ui/toast';
import { useSaveBusiness } from '../hooks';
import { SubmitActions } from '../../../ui/DialogActions';
import { useSchemaForm } from '../../../lib/schemaForm';

const serverFields = ['legalName'] as const;

/** Creates a business entity, or renames the one given. A taken name is shown on the field. */
export function BusinessModal({
  business,
  onClose,
  onSaved,
}: {
  business?: BusEntity;
  onClose: () => void;
  onSaved?: (business: BusEntity) => void;
}) {
  const { t } = useTranslation();
  const save = useSaveBusiness();
  const form = useSchemaForm(createBusEntityRequest, { defaultValues: { legalName: business?.legalName ?? '' } });
  const { handleSubmit, setError } = form;
  const input = inputProps(t, form);

  const onSubmit = handleSubmit(({ legalName }) =>
    save.mutate(
      { busEntityID: business?.busEntityID, legalName },
      {
        onSuccess: (answer) => {
          toast.success(serverText(t, answer.message, business ? 'businessUpdated' : 'businessAdded'));
          onSaved?.(answer.business);
          onClose();
        },
        onError: (error) => {
          if (hasFieldErrors(error, serverFields)) applyFieldErrors(error, setError, serverFields);
          else toast.error(error instanceof ApiError ? errorMessage(t, error) : t('msg.serverError'));
        },
      },
    ),
  );

  return (
    <Modal
      opened
      onClose={onClose}
      title={business ? t('adminPanel.business.renameTitle') : t('adminPanel.business.addTitle')}
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('adminPanel.business.name')}
            withAsterisk
            data-autofocus
            autoComplete="organization"
            {...input('legalName')}
          />
          <SubmitActions onCancel={onClose} label={t('adminPanel.business.save')} loading={save.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
