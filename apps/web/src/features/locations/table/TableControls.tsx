import { Button, Group, Select, Text, TextInput } from '@mantine/core';
import { IconLink, IconPlus, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { STATUS_FILTERS, type StatusFilter } from '@portal/contract';

type Props = {
  search: string;
  onSearch: (search: string) => void;
  status: StatusFilter | null;
  onStatus: (status: StatusFilter | null) => void;
  /** How many locations of the property are in each status; null until the first page came. */
  statusCounts: Record<StatusFilter, number> | null;
  shown: number;
  total: number;
  /** Add Location and Assign Meter, when the table has a page of its own (no property menu). */
  onAddLocations?: () => void;
  onAssignMeters?: () => void;
};

/** Above the table: the search box, the status filter, the row count and the property's buttons. */
export function TableControls({
  search,
  onSearch,
  status,
  onStatus,
  statusCounts,
  shown,
  total,
  onAddLocations,
  onAssignMeters,
}: Props) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Group gap="sm" wrap="wrap" w={{ base: '100%', xs: 'auto' }}>
        <TextInput
          aria-label={t('locations.table.search')}
          placeholder={t('locations.table.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          maxLength={100}
          onChange={(e) => onSearch(e.currentTarget.value)}
          w={{ base: '100%', xs: 280 }}
        />
        <Select
          aria-label={t('locations.status.label')}
          placeholder={t('locations.status.all')}
          data={STATUS_FILTERS.map((f) => ({
            value: f,
            label: statusCounts
              ? t('locations.status.option', { status: t(`locations.status.${f}`), count: statusCounts[f] })
              : t(`locations.status.${f}`),
          }))}
          value={status}
          onChange={(value) => onStatus(value as StatusFilter | null)}
          clearable
          w={{ base: '100%', xs: 240 }}
        />
      </Group>
      <Group gap="xs">
        <Text size="sm" c="dimmed">
          {t('locations.table.count', { shown, total })}
        </Text>
        {onAddLocations && onAssignMeters && (
          <>
            <Button size="xs" leftSection={<IconPlus size={14} aria-hidden />} onClick={onAddLocations}>
              {t('locations.actions.addLocation')}
            </Button>
            <Button size="xs" variant="light" leftSection={<IconLink size={14} aria-hidden />} onClick={onAssignMeters}>
              {t('locations.actions.assignMeter')}
            </Button>
          </>
        )}
      </Group>
    </Group>
  );
}
