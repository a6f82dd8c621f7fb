import { Alert, Button, Group, Select, Skeleton, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../i18n/messages';
import { toast } from '../../../ui/toast';
import { toastFailure } from '../feedback';
import { useAssignableMeters, useAssignMeters } from '../hooks';
import { Pager } from '../../../ui/Pager';
import { ScrollTable } from '../../../ui/ScrollTable';
import { naturalCompare } from '../rows';
import type { LocationsSite } from '../site';
import { fittingMeters } from './meterFit';
import { ResponsiveModal } from '../../../ui/ResponsiveModal';

const PAGE = 25;

type Props = { site: LocationsSite; onClose: () => void; onDone?: (ids: number[]) => void };

/**
 * Assign Meter (screen 10): one meter select per location that can take one; a meter
 * picked in one row is hidden from the others. All picks are saved together.
 */
export function AssignMetersDialog({ site, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const data = useAssignableMeters(site.siteID, true);
  const assign = useAssignMeters(site.siteID);
  const [picks, setPicks] = useState<ReadonlyMap<number, number>>(new Map());
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);

  const locations = useMemo(
    () =>
      [...(data.data?.locations ?? [])].sort((a, b) => naturalCompare(a.locationDescription, b.locationDescription)),
    [data.data],
  );
  const shown = useMemo(() => {
    const q = search.trim().toLowerCase();
    return q ? locations.filter((l) => l.locationDescription.toLowerCase().includes(q)) : locations;
  }, [locations, search]);
  const pageCount = Math.max(1, Math.ceil(shown.length / PAGE));
  const current = Math.min(page, pageCount);
  const pageRows = shown.slice((current - 1) * PAGE, current * PAGE);
  const stock = data.data?.availableMeters ?? [];
  const taken = new Set(picks.values());

  const pick = (locationId: number, value: string | null) => {
    const next = new Map(picks);
    if (value) next.set(locationId, Number(value));
    else next.delete(locationId);
    setPicks(next);
  };

  const submit = () => {
    const list = [...picks].map(([fk_LocationID, servicePointID]) => ({ servicePointID, fk_LocationID }));
    assign.mutate(list, {
      onSuccess: () => {
        toast.success(t('msg.metersAssigned'));
        onDone?.(list.map((a) => a.fk_LocationID));
        onClose();
      },
      onError: (error) => toastFailure(t, error, 'metersAssignUnable', 'metersAssignFailed'),
    });
  };

  return (
    <ResponsiveModal onClose={onClose} size="xl" title={t('locations.assign.title', { property: site.sitePublicName })}>
      <Stack>
        {data.isPending ? (
          <Skeleton height={160} />
        ) : data.isError ? (
          <Alert color="red">{errorMessage(t, data.error)}</Alert>
        ) : locations.length === 0 ? (
          <Text ta="center" c="dimmed" py="lg">
            {t('msg.noLocationToAssign')}
          </Text>
        ) : (
          <>
            <Group justify="space-between" wrap="wrap">
              <TextInput
                aria-label={t('locations.assign.search')}
                placeholder={t('locations.assign.search')}
                leftSection={<IconSearch size={16} aria-hidden />}
                value={search}
                onChange={(e) => {
                  setSearch(e.currentTarget.value);
                  setPage(1);
                }}
              />
              <Text size="sm" c="dimmed">
                {t('locations.assign.stock', { count: stock.length - taken.size })}
              </Text>
            </Group>
            <ScrollTable
              minWidth={480}
              columns={[
                { label: t('locations.fields.description') },
                { label: t('locations.assign.onLocation') },
                { label: t('locations.dialogs.meter') },
              ]}
            >
              {pageRows.map((l) => {
                const mine = picks.get(l.locationID);
                const options = fittingMeters(stock, l.metersMapToLocations).meters.filter(
                  (m) => m.servicePointId === mine || !taken.has(m.servicePointId),
                );
                return (
                  <Table.Tr key={l.locationID}>
                    <Table.Td>{l.locationDescription}</Table.Td>
                    <Table.Td>
                      <Text size="sm" c="dimmed">
                        {l.metersMapToLocations.map((m) => m.servicePointName).join(', ') || '—'}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Select
                        size="xs"
                        aria-label={t('locations.assign.meterFor', { location: l.locationDescription })}
                        placeholder={t('locations.dialogs.pickMeter')}
                        searchable
                        clearable
                        data={options.map((m) => ({
                          value: String(m.servicePointId),
                          label: `${m.servicePointName} · ${m.deviceTypeDisplayName}`,
                        }))}
                        value={mine === undefined ? null : String(mine)}
                        onChange={(value) => pick(l.locationID, value)}
                        nothingFoundMessage={t('locations.dialogs.noStock')}
                        comboboxProps={{ withinPortal: true }}
                      />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </ScrollTable>
            {pageCount > 1 && <Pager total={pageCount} value={current} onChange={setPage} />}
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.close')}
          </Button>
          <Button onClick={submit} disabled={picks.size === 0} loading={assign.isPending}>
            {t('locations.dialogs.save')}
          </Button>
        </Group>
      </Stack>
    </ResponsiveModal>
  );
}
