import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../../ui/usePageTitle';
import { ForgotPasswordForm } from './components/ForgotPasswordForm';

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  usePageTitle(t('auth.forgot.title'));
  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          {t('auth.forgot.title')}
        </Title>
        <Text c="dimmed">{t('auth.forgot.subtitle')}</Text>
      </div>
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
