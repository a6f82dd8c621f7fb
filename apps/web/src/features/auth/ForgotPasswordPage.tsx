import { Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthHeading } from './components/AuthHeading';
import { ForgotPasswordForm } from './components/ForgotPasswordForm';

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <AuthHeading title={t('auth.forgot.title')} subtitle={t('auth.forgot.subtitle')} />
      <ForgotPasswordForm
        via="page"
        secondary={
          <Button component={Link} to="/auth/login" variant="default">
            {t('auth.forgot.backToSignIn')}
          </Button>
        }
      />
    </Stack>
  );
}
