import { Alert, Button, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/apiError';
import { errorMessage } from '../../../i18n/messages';

/** Where the properties will be, while they load. */
export function SitesSkeleton({ rows = 4 }: { rows?: number }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" role="status" aria-label={t('sites.loading')}>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} height={72} radius="md" />
      ))}
    </Stack>
  );
}

/** 'Properties Loading failed', with the server's own text when it answered one, and a retry. */
export function SitesLoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const answered = error instanceof ApiError && error.status > 0 && error.code !== 'badResponse';
  return (
    <Alert color="red" variant="light" title={t('msg.propertiesLoadFailed')}>
      <Stack gap="xs" align="flex-start">
        {answered && <Text size="sm">{errorMessage(t, error)}</Text>}
        <Button size="xs" variant="white" color="red" onClick={onRetry}>
          {t('sites.retry')}
        </Button>
      </Stack>
    </Alert>
  );
}
