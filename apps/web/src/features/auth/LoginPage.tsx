import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { loginForm } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { errorMessage, inputProps } from '../../i18n/messages';
import { AuthHeading } from './components/AuthHeading';
import { ForgotPasswordModal } from './components/ForgotPasswordModal';
import { useSignIn } from './hooks';
import { logoutReason } from './logoutReason';
import { useSchemaForm } from '../../lib/schemaForm';

/** Sign In: email and password. On success the sign-in guard takes the user on. */
export function LoginPage() {
  const { t } = useTranslation();
  const { state } = useLocation();
  const [forgotOpened, forgot] = useDisclosure(false);
  const signIn = useSignIn();
  const form = useSchemaForm(loginForm, { defaultValues: { email: '', password: '' } });
  const { handleSubmit } = form;
  const input = inputProps(t, form);

  const onSubmit = handleSubmit((values) => signIn.mutate(values));
  const ended = logoutReason(state);

  return (
    <Stack gap="md">
      <AuthHeading title={t('auth.signIn.title')} subtitle={t('auth.signIn.subtitle')} />
      {ended && !signIn.isPending && !signIn.isSuccess && (
        <Alert color="blue" variant="light">
          {t('msg.sessionExpired')}
        </Alert>
      )}
      {signIn.isError && (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(t, signIn.error)}
        </Alert>
      )}
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <TextInput label={t('auth.email')} type="email" autoComplete="username" {...input('email')} />
          <PasswordInput label={t('auth.password')} autoComplete="current-password" {...input('password')} />
          <Group justify="space-between" mt="xs">
            <Anchor component="button" type="button" size="sm" onClick={forgot.open}>
              {t('auth.signIn.forgot')}
            </Anchor>
            <Button type="submit" loading={signIn.isPending}>
              {t('auth.signIn.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
      <Text size="sm">
        {t('auth.signIn.noAccount')}{' '}
        <Anchor component={Link} to="/auth/registration">
          {t('auth.signIn.signUp')}
        </Anchor>
      </Text>
      <ForgotPasswordModal opened={forgotOpened} onClose={forgot.close} />
    </Stack>
  );
}
