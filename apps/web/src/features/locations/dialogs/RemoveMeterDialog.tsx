import { Alert, Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../ui/toast';
import { toastFailure } from '../feedback';
import { useRemoveMeter } from '../hooks';
import type { DialogProps } from './dialogProps';
import { MeterChoice } from './MeterChoice';
import { ResponsiveModal } from '../../../ui/ResponsiveModal';
import { DialogActions } from '../../../ui/DialogActions';

/** Remove Meter: the meter goes back to stock (not while a guest is checked in). */
export function RemoveMeterDialog({ site, row, onClose, onDone }: DialogProps) {
  const { t } = useTranslation();
  const meters = row.servicePoints;
  const [meterId, setMeterId] = useState<number | null>(
    meters.length === 1 ? (meters[0]?.servicePointID ?? null) : null,
  );
  const remove = useRemoveMeter(site.siteID);
  const meter = meters.find((m) => m.servicePointID === meterId);

  const submit = () => {
    if (!meter) return;
    remove.mutate(
      { servicePointID: meter.servicePointID, fk_LocationID: row.locationID },
      {
        onSuccess: () => {
          toast.success(t('msg.meterRemoved'));
          onDone([row.locationID]);
          onClose();
        },
        onError: (error) => toastFailure(t, error, 'meterRemoveUnable', 'meterRemoveFailed'),
      },
    );
  };

  return (
    <ResponsiveModal
      onClose={onClose}
      title={t('locations.dialogs.removeMeterTitle', { location: row.locationDescription })}
    >
      <Stack>
        <MeterChoice meters={meters} value={meterId} onChange={setMeterId} />
        {meter && (
          <Text>
            {t('locations.dialogs.removeMeterQuestion', {
              meter: meter.servicePointName,
              location: row.locationDescription,
            })}
          </Text>
        )}
        {row.isCheckedInState && <Alert color="yellow">{t('msg.meterCheckedIn')}</Alert>}
        <DialogActions onCancel={onClose}>
          <Button color="red.9" onClick={submit} disabled={!meter || row.isCheckedInState} loading={remove.isPending}>
            {t('locations.actions.removeMeter')}
          </Button>
        </DialogActions>
      </Stack>
    </ResponsiveModal>
  );
}
