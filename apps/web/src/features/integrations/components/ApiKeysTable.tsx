import { Badge, Group, Stack, Text } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import type { ApiKeyRow, IdValue } from '@portal/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../ui/DataTable';
import { PropertyTime, browserTimeZone } from '../../../ui/PropertyTime';
import { StatusBadge } from '../../../ui/StatusBadge';
import { type ApiKeyState, apiKeyStateOf } from '../apiKeyForm';
import { scopeKeys } from '../scopes';
import { RevokeKeyButton } from './RevokeKeyButton';

const stateColors: Record<ApiKeyState, string> = { active: 'green', expired: 'yellow', revoked: 'gray' };

/**
 * A business's API keys: name, prefix, properties, scopes, created (when and by whom), last
 * use (when and from where), expiry, state, and Revoke. Times are the user's own zone's: a
 * key belongs to a business, not to one property.
 */
export function ApiKeysTable({
  businessID,
  keys,
  properties,
}: {
  businessID: number;
  keys: ApiKeyRow[];
  properties: IdValue[];
}) {
  const { t } = useTranslation();
  const [zone] = useState(browserTimeZone);
  const [now] = useState(() => Date.now());

  const columns = useMemo<ColumnDef<ApiKeyRow, unknown>[]>(() => {
    const names = new Map(properties.map((p) => [p.id, p.value]));
    const propertyNames = (key: ApiKeyRow) =>
      key.siteIDs.map((id) => names.get(id) ?? t('integrations.keys.unknownProperty', { id })).join(', ');
    const scopeNames = (key: ApiKeyRow) => key.scopes.map((s) => t(`integrations.scopes.${scopeKeys[s]}`)).join(', ');
    const stateOf = (key: ApiKeyRow) => apiKeyStateOf(key, now);
    return [
      { id: 'name', header: t('integrations.keys.columns.name'), accessorFn: (k) => k.name, sortingFn: 'text' },
      {
        id: 'prefix',
        header: t('integrations.keys.columns.prefix'),
        accessorFn: (k) => k.prefix,
        cell: ({ row }) => (
          <Text ff="monospace" size="sm" style={{ whiteSpace: 'nowrap' }}>
            {`${row.original.prefix}…`}
          </Text>
        ),
      },
      { id: 'properties', header: t('integrations.keys.columns.properties'), accessorFn: propertyNames },
      {
        id: 'scopes',
        header: t('integrations.keys.columns.scopes'),
        accessorFn: scopeNames,
        enableSorting: false,
        cell: ({ row }) => (
          <Group gap={4}>
            {row.original.scopes.map((s) => (
              <Badge key={s} variant="outline" tt="none" radius="sm" ff="monospace" fw={500}>
                {s}
              </Badge>
            ))}
          </Group>
        ),
      },
      {
        id: 'created',
        header: t('integrations.keys.columns.created'),
        accessorFn: (k) => k.createdAt,
        enableGlobalFilter: false,
        cell: ({ row }) => (
          <Stack gap={0}>
            <PropertyTime iso={row.original.createdAt} timeZone={zone} />
            <Text size="xs" c="dimmed">
              {t('integrations.keys.createdBy', { name: row.original.createdBy })}
            </Text>
          </Stack>
        ),
      },
      {
        id: 'lastUsed',
        header: t('integrations.keys.columns.lastUsed'),
        accessorFn: (k) => k.lastUsedAt ?? '',
        enableGlobalFilter: false,
        cell: ({ row: { original: k } }) =>
          k.lastUsedAt === null ? (
            <Text size="sm" c="dimmed">
              {t('integrations.keys.never')}
            </Text>
          ) : (
            <Stack gap={0}>
              <PropertyTime iso={k.lastUsedAt} timeZone={zone} />
              {k.lastUsedFrom && (
                <Text size="xs" c="dimmed">
                  {t('integrations.keys.from', { address: k.lastUsedFrom })}
                </Text>
              )}
            </Stack>
          ),
      },
      {
        id: 'expires',
        header: t('integrations.keys.columns.expires'),
        accessorFn: (k) => k.expiresAt ?? '',
        enableGlobalFilter: false,
        cell: ({ row: { original: k } }) =>
          k.expiresAt === null ? t('integrations.keys.noExpiry') : <PropertyTime iso={k.expiresAt} timeZone={zone} />,
      },
      {
        id: 'state',
        header: t('integrations.keys.columns.state'),
        accessorFn: (k) => t(`integrations.keys.state.${stateOf(k)}`),
        cell: ({ row }) => (
          <StatusBadge color={stateColors[stateOf(row.original)]}>
            {t(`integrations.keys.state.${stateOf(row.original)}`)}
          </StatusBadge>
        ),
      },
      {
        id: 'actions',
        header: t('integrations.keys.columns.actions'),
        enableSorting: false,
        enableGlobalFilter: false,
        cell: ({ row }) => <RevokeKeyButton businessID={businessID} apiKey={row.original} />,
      },
    ];
  }, [t, properties, zone, now, businessID]);

  return (
    <DataTable
      data={keys}
      columns={columns}
      initialSort={[{ id: 'created', desc: true }]}
      pageSize={25}
      minWidth={960}
      label={t('integrations.keys.title')}
      getRowId={(key) => String(key.apiKeyID)}
      texts={{
        pageLength: t('integrations.keys.pageLength'),
        all: t('integrations.keys.all'),
        search: t('integrations.keys.search'),
        range: (range) => t('integrations.keys.range', range),
        empty: t('msg.noData'),
      }}
      hidePagerWithOnePage
    />
  );
}
