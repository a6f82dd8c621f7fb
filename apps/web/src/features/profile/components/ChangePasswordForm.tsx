import { Button, Group, Paper, PasswordInput, Stack, Title } from '@mantine/core';
import { changePasswordForm } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { applyFieldErrors, hasFieldErrors } from '../../../lib/formErrors';
import { errorMessage, fieldMessage, serverText } from '../../../i18n/messages';
import { toast } from '../../../ui/toast';
import { useChangePassword } from '../../auth';
import { useSchemaForm } from '../../../lib/schemaForm';

const serverFields = ['currentPassword', 'newPassword'] as const;

/** Change password; the answer is a fresh login that replaces the stored one. */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useSchemaForm(changePasswordForm, {
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

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
            {...register('currentPassword')}
            error={fieldMessage(t, errors.currentPassword?.message)}
          />
          <PasswordInput
            label={t('profile.newPassword')}
            autoComplete="new-password"
            {...register('newPassword')}
            error={fieldMessage(t, errors.newPassword?.message)}
          />
          <PasswordInput
            label={t('profile.confirmNewPassword')}
            autoComplete="new-password"
            {...register('confirmPassword')}
            error={fieldMessage(t, errors.confirmPassword?.message)}
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
