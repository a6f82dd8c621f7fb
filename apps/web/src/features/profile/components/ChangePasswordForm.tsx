import { Button, Group, Paper, PasswordInput, Stack, Title } from '@mantine/core';
import { changePasswordForm } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { applyFieldErrors, hasFieldErrors } from '../../../lib/formErrors';
import { errorMessage, inputProps, serverText } from '../../../i18n/messages';
import { toast } from '../../../ui/toast';
import { useChangePassword } from '../../auth';
import { useSchemaForm } from '../../../lib/schemaForm';

const serverFields = ['currentPassword', 'newPassword'] as const;

/** Change password; the answer is a fresh login that replaces the stored one. */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const change = useChangePassword();
  const form = useSchemaForm(changePasswordForm, {
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const { handleSubmit, setError, reset } = form;
  const input = inputProps(t, form);

  const onSubmit = handleSubmit(({ currentPassword, newPassword }) =>
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: (message) => {
          toast.success(serverText(t, message, 'passwordChanged'));
          reset();
        },
        onError: (error) => {
          if (hasFieldErrors(error, serverFields)) applyFieldErrors(error, setError, serverFields);
          else toast.error(errorMessage(t, error));
        },
      },
    ),
  );

  return (
    <Paper withBorder p="md" radius="md" id="change-password">
      <Title order={2} size="h4" mb="sm">
        {t('profile.changePassword')}
      </Title>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm" maw={420}>
          <PasswordInput
            label={t('profile.currentPassword')}
            autoComplete="current-password"
            {...input('currentPassword')}
          />
          <PasswordInput label={t('profile.newPassword')} autoComplete="new-password" {...input('newPassword')} />
          <PasswordInput
            label={t('profile.confirmNewPassword')}
            autoComplete="new-password"
            {...input('confirmPassword')}
          />
          <Group>
            <Button type="submit" loading={change.isPending}>
              {t('profile.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
