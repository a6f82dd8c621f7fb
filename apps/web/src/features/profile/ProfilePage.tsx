import { Stack } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { PageTitle } from '../../ui/PageTitle';
import { AlertNotifications } from '../alerts';
import { AccountDetails } from './components/AccountDetails';
import { ChangePasswordForm } from './components/ChangePasswordForm';

export function ProfilePage() {
  const { t } = useTranslation();
  const { hash } = useLocation();
  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.querySelector('input')?.focus();
  }, [hash]);

  return (
    <>
      <PageTitle>{t('profile.title')}</PageTitle>
      <Stack gap="lg" maw={760}>
        <AccountDetails />
        <ChangePasswordForm />
        <AlertNotifications />
      </Stack>
    </>
  );
}
