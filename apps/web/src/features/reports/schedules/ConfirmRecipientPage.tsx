import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApiError } from '../../../lib/apiError';
import { PageLoader } from '../../../ui/PageLoader';
import { FailedAlert, NotFoundAlert } from '../../../ui/LinkAlerts';
import { PageTitle } from '../../../ui/PageTitle';
import { useConfirmRecipient, useRecipientInvitation } from './hooks';

/**
 * /report-recipient/:token: the page an address outside a property's business opens from the
 * mail asking it to confirm, without signing in. It says whose reports would go where; only
 * Confirm (not opening the page, as mail scanners do) records the consent.
 */
export function ConfirmRecipientPage() {
  const { t } = useTranslation();
  const token = (useParams().token ?? '').trim();
  const invitation = useRecipientInvitation(token);
  const confirm = useConfirmRecipient(token);
  const invalid = token === '' || (invitation.error instanceof ApiError && invitation.error.status === 404);

  let body;
  if (invalid) {
    body = (
      <NotFoundAlert title={t('schedules.confirmRecipient.invalid')}>
        {t('schedules.confirmRecipient.invalidHint')}
      </NotFoundAlert>
    );
  } else if (invitation.isPending) {
    body = <PageLoader />;
  } else if (!invitation.data) {
    body = <FailedAlert error={invitation.error} />;
  } else if (invitation.data.confirmed) {
    body = (
      <Alert variant="light" color="green" role="status" icon={<IconCheck size={18} aria-hidden />}>
        {t('schedules.confirmRecipient.done', { property: invitation.data.propertyName, email: invitation.data.email })}
      </Alert>
    );
  } else {
    body = (
      <Stack gap="md" align="flex-start">
        <Text>
          {t('schedules.confirmRecipient.question', {
            property: invitation.data.propertyName,
            email: invitation.data.email,
          })}
        </Text>
        <Button loading={confirm.isPending} onClick={() => confirm.mutate()}>
          {t('schedules.confirmRecipient.confirm')}
        </Button>
        {confirm.isError && <FailedAlert error={confirm.error} />}
      </Stack>
    );
  }
  return (
    <Stack gap="md" maw={640}>
      <PageTitle>{t('schedules.confirmRecipient.title')}</PageTitle>
      {body}
    </Stack>
  );
}
