import { Button, Stack, Text, TextInput } from '@mantine/core';
import { meterMaxRateRequest, type MeterInventoryRow } from '@portal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, fieldMessage, serverText } from '../../../i18n/messages';
import { DialogActions } from '../../../ui/DialogActions';
import { toast } from '../../../ui/toast';
import { ResponsiveModal } from '../../../ui/ResponsiveModal';
import { useSetMaxRate } from '../hooks';

/**
 * A meter's maximum rate (Administrators): the most it delivers in an hour, in its unit (its
 * service rating or flow). A rise faster than it is held back as suspect; saving walks its
 * readings again, and the statements they change are revised. Empty: the type's rate again.
 */
export function MaxRateDialog({ meter, onClose }: { meter: MeterInventoryRow; onClose: () => void }) {
  const { t } = useTranslation();
  const [value, setValue] = useState(meter.maxRateOwn ? meter.maxRatePerHour : '');
  const [error, setError] = useState<string | undefined>();
  const save = useSetMaxRate();

  const submit = (maxRatePerHour: string | null) => {
    const parsed = meterMaxRateRequest.safeParse({ servicePointID: meter.servicePointID, maxRatePerHour });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    save.mutate(
      { servicePointID: meter.servicePointID, maxRatePerHour },
      {
        onSuccess: (message) => {
          toast.success(serverText(t, message, 'meterRateSaved'));
          onClose();
        },
        onError: (e) => toast.error(errorMessage(t, e)),
      },
    );
  };

  return (
    <ResponsiveModal onClose={onClose} title={t('meters.inventory.maxRateTitle', { meter: meter.servicePointName })}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit(value.trim() === '' ? null : value.trim());
        }}
      >
        <Stack gap="sm">
          <Text size="sm">{t('meters.inventory.maxRateIntro')}</Text>
          <TextInput
            label={t('meters.inventory.maxRateLabel', { unit: t(`meters.inventory.rateUnit.${meter.unit}`) })}
            description={t('meters.inventory.maxRateHint', {
              rate: meter.maxRatePerHour,
              unit: t(`meters.inventory.rateUnit.${meter.unit}`),
            })}
            inputMode="decimal"
            value={value}
            onChange={(e) => {
              setValue(e.currentTarget.value);
              setError(undefined);
            }}
            error={fieldMessage(t, error)}
            data-autofocus
          />
          <DialogActions onCancel={onClose}>
            {meter.maxRateOwn && (
              <Button variant="default" onClick={() => submit(null)} disabled={save.isPending}>
                {t('meters.inventory.maxRateOfType')}
              </Button>
            )}
            <Button type="submit" loading={save.isPending}>
              {t('meters.inventory.maxRateSave')}
            </Button>
          </DialogActions>
        </Stack>
      </form>
    </ResponsiveModal>
  );
}
