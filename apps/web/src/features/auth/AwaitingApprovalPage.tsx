import { Alert, Button, Stack, Text } from '@mantine/core';
import { Role } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { landingPath } from '../../lib/landing';
import { useRole } from '../../lib/session/useRole';
import { PageTitle } from '../../ui/PageTitle';
import { useMe } from './useMe';

const RECHECK_MS = 60_000;

/** What a registered account without a role sees until an administrator approves it. */
export function AwaitingApprovalPage() {
  const { t } = useTranslation();
  // Each check is a request, and requests refresh the token: a role given meanwhile arrives with it.
  useMe({ refetchInterval: RECHECK_MS });
  const role = useRole();
  if (role !== Role.None) return <Navigate to={landingPath(role)} replace />;

  return (
    <Stack gap="md" maw={640}>
      <PageTitle>{t('auth.awaiting.title')}</PageTitle>
      <Alert color="yellow" variant="light">
        {t('msg.registered')}
      </Alert>
      <Text c="dimmed">{t('auth.awaiting.hint')}</Text>
      <div>
        <Button component={Link} to="/logout" variant="default">
          {t('auth.awaiting.signOut')}
        </Button>
      </div>
    </Stack>
  );
}
