import { Alert, Anchor, Button, Checkbox, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { registrationForm } from '@portal/contract';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { applyFieldErrors, hasFieldErrors } from '../../lib/formErrors';
import { errorMessage, inputProps, serverText } from '../../i18n/messages';
import { AuthHeading } from './components/AuthHeading';
import { DoneNotice } from './components/DoneNotice';
import { useRegister } from './hooks';
import { useSchemaForm } from '../../lib/schemaForm';

const serverFields = ['email', 'fullname', 'username', 'password'] as const;

/** Sign Up: the new account has no role until an administrator approves it. */
export function RegistrationPage() {
  const { t } = useTranslation();
  const registration = useRegister();
  const form = useSchemaForm(registrationForm, {
    defaultValues: { fullname: '', email: '', username: '', password: '', cpassword: '' },
  });
  const { handleSubmit, setError, control } = form;
  const input = inputProps(t, form);
  const accepted = useWatch({ control, name: 'acceptTerms' }) === true;

  const onSubmit = handleSubmit(({ email, fullname, username, password }) =>
    registration.mutate(
      { email, fullname, username, password },
      { onError: (error) => applyFieldErrors(error, setError, serverFields) },
    ),
  );
  const fieldsShowError = hasFieldErrors(registration.error, serverFields);

  if (registration.isSuccess) {
    return (
      <Stack gap="md">
        <AuthHeading title={t('auth.registration.title')} />
        <DoneNotice
          text={serverText(t, registration.data, 'registrationMailed')}
          signIn={t('auth.registration.signIn')}
        />
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <AuthHeading title={t('auth.registration.title')} subtitle={t('auth.registration.subtitle')} />
      {registration.isError && !fieldsShowError && (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(t, registration.error)}
        </Alert>
      )}
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <TextInput label={t('auth.registration.fullname')} autoComplete="name" {...input('fullname')} />
          <TextInput label={t('auth.email')} type="email" autoComplete="email" {...input('email')} />
          <TextInput label={t('auth.registration.username')} autoComplete="username" {...input('username')} />
          <PasswordInput label={t('auth.password')} autoComplete="new-password" {...input('password')} />
          <PasswordInput
            label={t('auth.registration.confirmPassword')}
            autoComplete="new-password"
            {...input('cpassword')}
          />
          <Checkbox label={t('auth.registration.acceptTerms')} {...input('acceptTerms')} />
          <Anchor component={Link} to="/terms" target="_blank" size="sm">
            {t('auth.registration.readTerms')}
          </Anchor>
          <Group justify="flex-end" mt="xs">
            <Button component={Link} to="/auth/login" variant="default">
              {t('common.cancel')}
            </Button>
            <Button type="submit" disabled={!accepted} loading={registration.isPending}>
              {t('auth.registration.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
      <Text size="sm">
        {t('auth.registration.haveAccount')}{' '}
        <Anchor component={Link} to="/auth/login">
          {t('auth.registration.signIn')}
        </Anchor>
      </Text>
    </Stack>
  );
}
