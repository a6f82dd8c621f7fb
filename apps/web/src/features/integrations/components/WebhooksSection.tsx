import { Button, Group, Paper, Select, Text, Title } from '@mantine/core';
import type { IdValue } from '@portal/contract';
import { IconWebhook } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../ui/EmptyState';
import { QueryState } from '../../../ui/QueryState';
import { useBusinessProperties, useWebhooks } from '../hooks';
import { NewWebhookDialog } from './NewWebhookDialog';
import { WebhooksTable } from './WebhooksTable';

/** A business's webhook endpoints, a property at a time: the property is chosen first. */
export function WebhooksSection({ businessID }: { businessID: number }) {
  const { t } = useTranslation();
  const properties = useBusinessProperties(businessID);
  const [picked, setPicked] = useState<number | null>(null);
  const list = properties.data ?? [];
  // a business of one property has nothing to choose
  const siteID = picked ?? (list.length === 1 ? list[0]!.id : null);
  const property = list.find((p) => p.id === siteID);

  return (
    <section aria-labelledby="webhooks-title">
      <Title order={2} size="h3" id="webhooks-title" mb="xs">
        {t('integrations.webhooks.title')}
      </Title>
      <Text c="dimmed" size="sm" maw={720} mb="sm">
        {t('integrations.webhooks.intro')}
      </Text>
      <Select
        label={t('integrations.webhooks.property')}
        placeholder={t('msg.selectPropertyPlaceholder')}
        data={list.map((p) => ({ value: String(p.id), label: p.value }))}
        value={siteID === null ? null : String(siteID)}
        onChange={(value) => setPicked(value ? Number(value) : null)}
        searchable
        nothingFoundMessage={t('msg.noData')}
        maw={420}
        mb="md"
        error={properties.isError ? t('integrations.webhooks.propertiesFailed') : undefined}
      />
      {property === undefined ? (
        <Text size="sm" c="dimmed" role="note">
          {t('integrations.webhooks.chooseProperty')}
        </Text>
      ) : (
        <PropertyEndpoints key={property.id} property={property} />
      )}
    </section>
  );
}

/** One property's endpoints, and the New endpoint dialog. */
function PropertyEndpoints({ property }: { property: IdValue }) {
  const { t } = useTranslation();
  const hooks = useWebhooks(property.id);
  const [creating, setCreating] = useState(false);
  const newEndpoint = (
    <Button leftSection={<IconWebhook size={18} aria-hidden />} onClick={() => setCreating(true)}>
      {t('integrations.webhooks.new')}
    </Button>
  );

  return (
    <>
      {hooks.data && hooks.data.length > 0 && (
        <Group justify="flex-end" mb="sm">
          {newEndpoint}
        </Group>
      )}
      <QueryState
        query={hooks}
        loading={{ height: 36, count: 3, gap: 'xs' }}
        failed={t('integrations.webhooks.loadFailed')}
        empty={
          <EmptyState
            title={t('integrations.webhooks.emptyTitle')}
            text={t('integrations.webhooks.emptyText', { property: property.value })}
          >
            {newEndpoint}
          </EmptyState>
        }
      >
        {(list) => (
          <Paper withBorder p={{ base: 'xs', sm: 'md' }} radius="md">
            <WebhooksTable siteID={property.id} propertyName={property.value} hooks={list} />
          </Paper>
        )}
      </QueryState>
      {creating && (
        <NewWebhookDialog siteID={property.id} propertyName={property.value} onClose={() => setCreating(false)} />
      )}
    </>
  );
}
