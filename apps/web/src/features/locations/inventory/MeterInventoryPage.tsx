import { ActionIcon, Alert, Badge, Group, Skeleton, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { SEARCH_DEBOUNCE_MS, type MeterInventoryRow } from '@portal/contract';
import { IconPencil, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../i18n/messages';
import { PageTitle } from '../../../ui/PageTitle';
import { useMeterInventory } from '../hooks';
import { lastRefusalText } from '../refusals';
import { formatDecimal } from '../../../lib/decimals';
import { MaxRateDialog } from './MaxRateDialog';
import { RegisterMeterForm } from './RegisterMeterForm';
import { Pager } from '../../../ui/Pager';
import { browserTimeZone, PropertyTime } from '../../../ui/PropertyTime';
import { ScrollTable } from '../../../ui/ScrollTable';

const PAGE_SIZE = 50;

/**
 * Admin Panel › Meter Inventory: register meters into stock, see where every meter is and what it
 * last sent wrong, and set a meter's maximum rate.
 */
export function MeterInventoryPage() {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  const inventory = useMeterInventory(debounced, page, PAGE_SIZE);
  const [editing, setEditing] = useState<MeterInventoryRow | null>(null);
  // meters of every property and none: their times in the browser's zone, named
  const zone = browserTimeZone();
  const total = inventory.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));

  return (
    <>
      <PageTitle>{t('meters.inventory.title')}</PageTitle>
      <Stack gap="lg">
        <RegisterMeterForm />

        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap">
            <TextInput
              aria-label={t('meters.inventory.search')}
              placeholder={t('meters.inventory.search')}
              leftSection={<IconSearch size={16} aria-hidden />}
              value={search}
              onChange={(e) => {
                setSearch(e.currentTarget.value);
                setPage(1);
              }}
              w={{ base: '100%', xs: 320 }}
            />
            <Text size="sm" c="dimmed">
              {t('meters.inventory.count', { count: total })}
            </Text>
          </Group>
          {inventory.isPending ? (
            <Skeleton height={240} />
          ) : inventory.isError ? (
            <Alert color="red">{errorMessage(t, inventory.error)}</Alert>
          ) : inventory.data.rows.length === 0 ? (
            <Text c="dimmed" ta="center" py="lg">
              {t('msg.noData')}
            </Text>
          ) : (
            <ScrollTable
              minWidth={720}
              striped
              highlightOnHover
              withTableBorder
              columns={[
                { label: t('meters.inventory.meterId') },
                { label: t('meters.inventory.deviceKey') },
                { label: t('meters.inventory.deviceType') },
                { label: t('meters.inventory.where') },
                { label: t('meters.inventory.status') },
                { label: t('meters.inventory.lastSeen') },
                { label: t('meters.inventory.maxRate') },
              ]}
            >
              {inventory.data.rows.map((m) => (
                <Table.Tr key={m.servicePointID}>
                  <Table.Td ff="monospace">{m.servicePointName}</Table.Td>
                  <Table.Td>
                    {m.deviceKey ?? (
                      <Text span c="dimmed">
                        {t('meters.inventory.readByHand')}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{m.deviceTypeDisplayName}</Table.Td>
                  <Table.Td>
                    {m.locationID === null ? (
                      <Badge color="blue" variant="dot">
                        {t('meters.inventory.inStock')}
                      </Badge>
                    ) : (
                      `${m.siteName ?? ''} › ${m.locationDescription ?? ''}`
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      <Badge size="sm" color={m.activeInd === 1 ? 'green' : 'orange'} variant="dot">
                        {m.activeInd === 1 ? t('meters.inventory.available') : t('locations.table.outOfService')}
                      </Badge>
                      {m.isMissingDevice && (
                        <Badge size="sm" color="red" variant="dot">
                          {t('locations.table.missing')}
                        </Badge>
                      )}
                    </Group>
                    {m.lastRefusal && (
                      <Text size="xs" c="dimmed" data-refused={m.lastRefusal.reason}>
                        {lastRefusalText(t, m.lastRefusal, i18n.language, zone)}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{m.lastSeenDT ? <PropertyTime iso={m.lastSeenDT} timeZone={zone} /> : '—'}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Text size="sm" span>
                        {t('meters.inventory.maxRateValue', {
                          rate: formatDecimal(m.maxRatePerHour, i18n.language),
                          unit: t(`meters.inventory.rateUnit.${m.unit}`),
                        })}
                        {!m.maxRateOwn && (
                          <Text span size="xs" c="dimmed">
                            {' '}
                            {t('meters.inventory.maxRateTypes')}
                          </Text>
                        )}
                      </Text>
                      <ActionIcon
                        variant="subtle"
                        size="sm"
                        aria-label={t('meters.inventory.maxRateOf', { meter: m.servicePointName })}
                        onClick={() => setEditing(m)}
                      >
                        <IconPencil size={14} aria-hidden />
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </ScrollTable>
          )}
          {pageCount > 1 && <Pager total={pageCount} value={page} onChange={setPage} />}
        </Stack>
      </Stack>
      {editing && <MaxRateDialog meter={editing} onClose={() => setEditing(null)} />}
    </>
  );
}
