import { Alert, Anchor, Button, Group, Loader, PasswordInput, Stack } from '@mantine/core';
import { setPasswordForm } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { errorMessage, inputProps, serverText } from '../../i18n/messages';
import { AuthHeading } from './components/AuthHeading';
import { DoneNotice } from './components/DoneNotice';
import { usePasswordTokenCheck, useSetPassword } from './hooks';
import { useSchemaForm } from '../../lib/schemaForm';

/** Set Password from a mailed link: the token is checked before the form is shown. */
export function SetPasswordPage() {
  const { t } = useTranslation();
  const token = useParams().token ?? '';
  const check = usePasswordTokenCheck(token);
  const update = useSetPassword();

  return (
    <Stack gap="md">
      <AuthHeading title={t('auth.setPassword.title')} subtitle={t('auth.setPassword.subtitle')} />
      {check.isPending && (
        <Alert color="blue" variant="light" role="status" icon={<Loader size="xs" />}>
          {t('msg.verifyingToken')}
        </Alert>
      )}
      {check.isError && !update.isSuccess && (
        <>
          <Alert color="red" variant="light" role="alert">
            {t('msg.invalidToken')}
          </Alert>
          <Anchor component={Link} to="/auth/forgot-password">
            {t('auth.setPassword.requestNew')}
          </Anchor>
        </>
      )}
      {update.isSuccess && (
        <DoneNotice text={serverText(t, update.data, 'passwordUpdated')} signIn={t('auth.setPassword.signIn')} />
      )}
      {check.isSuccess && !update.isSuccess && (
        <>
          {update.isError && (
            <Alert color="red" variant="light" role="alert">
              {errorMessage(t, update.error)}
            </Alert>
          )}
          <SetPasswordForm pending={update.isPending} onSubmit={(password) => update.mutate({ token, password })} />
        </>
      )}
    </Stack>
  );
}

function SetPasswordForm({ pending, onSubmit }: { pending: boolean; onSubmit: (password: string) => void }) {
  const { t } = useTranslation();
  const form = useSchemaForm(setPasswordForm, { defaultValues: { password: '', confirmPassword: '' } });
  const { handleSubmit } = form;
  const input = inputProps(t, form);

  return (
    <form onSubmit={handleSubmit((values) => onSubmit(values.password))} noValidate>
      <Stack gap="sm">
        <PasswordInput label={t('auth.password')} autoComplete="new-password" {...input('password')} />
        <PasswordInput
          label={t('auth.setPassword.confirmPassword')}
          autoComplete="new-password"
          {...input('confirmPassword')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={pending}>
            {t('auth.setPassword.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
