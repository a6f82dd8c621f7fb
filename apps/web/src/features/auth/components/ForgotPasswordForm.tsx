import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { forgotPasswordRequest } from '@portal/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, inputProps, serverText } from '../../../i18n/messages';
import { useForgotPassword } from '../hooks';
import { useSchemaForm } from '../../../lib/schemaForm';

type Props = {
  via: 'modal' | 'page';
  /** The button beside submit: cancel in the modal, back to sign-in on the page. */
  secondary: ReactNode;
};

/** Asks for the e-mail address and shows the server's answer. */
export function ForgotPasswordForm({ via, secondary }: Props) {
  const { t } = useTranslation();
  const request = useForgotPassword(via);
  const form = useSchemaForm(forgotPasswordRequest, { defaultValues: { email: '' } });
  const { handleSubmit } = form;
  const input = inputProps(t, form);

  const failure = via === 'modal' ? t('msg.forgotFailed') : errorMessage(t, request.error);

  return (
    <form onSubmit={handleSubmit((values) => request.mutate(values))} noValidate>
      <Stack gap="sm">
        {request.isSuccess && (
          <Alert color="green" variant="light" role="status">
            {serverText(t, request.data, 'forgotSent')}
          </Alert>
        )}
        {request.isError && (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        )}
        <TextInput label={t('auth.email')} type="email" autoComplete="email" data-autofocus {...input('email')} />
        <Group justify="flex-end">
          {secondary}
          <Button type="submit" loading={request.isPending}>
            {t('auth.forgot.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
