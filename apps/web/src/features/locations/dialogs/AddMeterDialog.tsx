import { Alert, Button, Select, Stack, Text } from '@mantine/core';
import { DeviceGroup, MAX_METERS_PER_LOCATION } from '@portal/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../i18n/messages';
import { toast } from '../../../ui/toast';
import { toastFailure } from '../feedback';
import { useAddMeter, useMeterStock } from '../hooks';
import type { DialogProps } from './dialogProps';
import { fittingMeters } from './meterFit';
import { ResponsiveModal } from '../../../ui/ResponsiveModal';
import { DialogActions } from '../../../ui/DialogActions';

/** Add Meter: a meter from stock onto this location (at most two, never beside a cube or data collector). */
export function AddMeterDialog({ site, row, onClose, onDone }: DialogProps) {
  const { t } = useTranslation();
  const stock = useMeterStock(row.locationID);
  const add = useAddMeter(site.siteID);
  const [meterId, setMeterId] = useState<string | null>(null);
  const present = row.servicePoints;
  const { wanted, meters } = useMemo(() => fittingMeters(stock.data ?? [], present), [stock.data, present]);
  const full = present.length >= MAX_METERS_PER_LOCATION;

  const submit = () => {
    if (!meterId) return;
    add.mutate(
      { servicePointID: Number(meterId), fk_LocationID: row.locationID },
      {
        onSuccess: () => {
          toast.success(t('msg.meterAdded'));
          onDone([row.locationID]);
          onClose();
        },
        onError: (error) => toastFailure(t, error, 'meterAddUnable', 'meterAddFailed'),
      },
    );
  };

  const groupName = (group: number) =>
    group === DeviceGroup.Water
      ? t('locations.meterKinds.water')
      : group === DeviceGroup.Cube
        ? t('locations.meterKinds.cube')
        : group === DeviceGroup.DataCollector
          ? t('locations.meterKinds.dataCollector')
          : t('locations.meterKinds.electric');

  return (
    <ResponsiveModal
      onClose={onClose}
      title={t('locations.dialogs.addMeterTitle', { location: row.locationDescription })}
    >
      <Stack>
        {present.length > 0 && (
          <Text size="sm">
            {t('locations.dialogs.existingMeter', {
              meters: present.map((m) => `${m.servicePointName} (${m.deviceTypeDisplayName})`).join(', '),
            })}
          </Text>
        )}
        {full && <Alert color="yellow">{t('msg.maxMetersReached')}</Alert>}
        {stock.isError && <Alert color="red">{errorMessage(t, stock.error)}</Alert>}
        <Select
          label={t('locations.dialogs.meter')}
          placeholder={
            stock.isPending
              ? t('common.loading')
              : wanted === 'water'
                ? t('locations.dialogs.pickWater')
                : wanted === 'electric'
                  ? t('locations.dialogs.pickElectric')
                  : t('locations.dialogs.pickMeter')
          }
          searchable
          nothingFoundMessage={t('locations.dialogs.noStock')}
          data={meters.map((m) => ({
            value: String(m.servicePointId),
            label: `${m.servicePointName} · ${m.deviceTypeDisplayName || groupName(m.fk_DeviceTypeGroupId)}`,
          }))}
          value={meterId}
          onChange={setMeterId}
          disabled={full || stock.isPending}
          comboboxProps={{ withinPortal: true }}
          data-autofocus
        />
        <DialogActions onCancel={onClose}>
          <Button onClick={submit} disabled={!meterId || full} loading={add.isPending}>
            {t('locations.dialogs.save')}
          </Button>
        </DialogActions>
      </Stack>
    </ResponsiveModal>
  );
}
