import { Button, Group, Paper, Title } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../ui/EmptyState';
import { QueryState } from '../../../ui/QueryState';
import { useApiKeys, useBusinessProperties } from '../hooks';
import { ApiKeysTable } from './ApiKeysTable';
import { NewApiKeyDialog } from './NewApiKeyDialog';

/** A business's API keys with their properties' names, and the New API key dialog. */
export function ApiKeysSection({ businessID }: { businessID: number }) {
  const { t } = useTranslation();
  const keys = useApiKeys(businessID);
  const properties = useBusinessProperties(businessID);
  const [creating, setCreating] = useState(false);

  const loaded = {
    isPending: keys.isPending || properties.isPending,
    isError: keys.isError || properties.isError,
    error: keys.error ?? properties.error,
    data: keys.data,
  };
  const newKey = (
    <Button leftSection={<IconKey size={18} aria-hidden />} onClick={() => setCreating(true)}>
      {t('integrations.keys.new')}
    </Button>
  );

  return (
    <section aria-labelledby="api-keys-title">
      <Group justify="space-between" align="center" mb="sm">
        <Title order={2} size="h3" id="api-keys-title">
          {t('integrations.keys.title')}
        </Title>
        {keys.data && keys.data.length > 0 && newKey}
      </Group>
      <QueryState
        query={loaded}
        loading={{ height: 36, count: 4, gap: 'xs' }}
        failed={t('integrations.keys.loadFailed')}
        empty={
          <EmptyState title={t('integrations.keys.emptyTitle')} text={t('integrations.keys.emptyText')}>
            {newKey}
          </EmptyState>
        }
      >
        {(list) => (
          <Paper withBorder p={{ base: 'xs', sm: 'md' }} radius="md">
            <ApiKeysTable businessID={businessID} keys={list} properties={properties.data ?? []} />
          </Paper>
        )}
      </QueryState>
      {creating && (
        <NewApiKeyDialog
          businessID={businessID}
          properties={properties.data ?? []}
          onClose={() => setCreating(false)}
        />
      )}
    </section>
  );
}
