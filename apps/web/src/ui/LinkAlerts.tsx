import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../i18n/messages';

/** What a page says when its link, or the meter asked for, is not known: the title, then what to do. */
export function NotFoundAlert({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Alert variant="light" color="red" icon={<IconAlertTriangle size={18} aria-hidden />} title={title}>
      {children}
    </Alert>
  );
}

/** The server's reason why a call failed. */
export function FailedAlert({ error }: { error: unknown }) {
  const { t } = useTranslation();
  return (
    <Alert variant="light" color="red" role="alert" icon={<IconAlertTriangle size={18} aria-hidden />}>
      {errorMessage(t, error)}
    </Alert>
  );
}
