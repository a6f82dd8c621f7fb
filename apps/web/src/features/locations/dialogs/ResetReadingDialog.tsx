import { Stack, Text, TextInput } from '@mantine/core';
import { readingProblem } from '@portal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../../ui/confirmContext';
import { toast } from '../../../ui/toast';
import { toastFailure } from '../feedback';
import { useManualReading } from '../hooks';
import { isWater } from '../rows';
import type { DialogProps } from './dialogProps';
import { MeterChoice } from './MeterChoice';
import { ResponsiveModal } from '../../../ui/ResponsiveModal';
import { SubmitActions } from '../../../ui/DialogActions';

/**
 * Reset Reading (screen 14): a new baseline for a meter. Water takes whole gallons, other
 * meters up to 12 integer digits and 6 decimals. Below the previous reading the server
 * asks first; confirmed, the reading is sent again with the override flag.
 */
export function ResetReadingDialog({ site, row, onClose, onDone }: DialogProps) {
  const { t, i18n } = useTranslation();
  const confirm = useConfirm();
  const meters = row.servicePoints.filter((m) => m.supportsResetReading);
  const [meterId, setMeterId] = useState<number | null>(
    meters.length === 1 ? (meters[0]?.servicePointID ?? null) : null,
  );
  const [value, setValue] = useState('');
  const [touched, setTouched] = useState(false);
  const save = useManualReading(site.siteID, row.locationID);
  const meter = meters.find((m) => m.servicePointID === meterId);
  const water = meter ? isWater(meter) : false;
  const problem = value.trim() === '' ? null : readingProblem(value, water);
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 6 });

  const send = (overrideConfirmation: boolean) => {
    if (!meter) return;
    const reading = value.trim();
    save.mutate(
      {
        servicePointID: meter.servicePointID,
        reset: true,
        ...(water ? { totalGallons: reading } : { kwHTotal: reading }),
        overrideConfirmation,
      },
      {
        onSuccess: async (result) => {
          if (result.overrideConfirmation) {
            const ok = await confirm({
              title: t('locations.dialogs.lowerReadingTitle'),
              message: t('msg.readingLowerConfirm'),
            });
            if (ok) send(true);
            return;
          }
          toast.success(t('msg.readingUpdated'));
          onDone([row.locationID]);
          onClose();
        },
        onError: (error) => toastFailure(t, error, 'readingUpdateUnable', 'readingUpdateFailed'),
      },
    );
  };

  return (
    <ResponsiveModal onClose={onClose} title={t('locations.dialogs.resetTitle', { location: row.locationDescription })}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setTouched(true);
          if (!problem && value.trim() !== '') send(false);
        }}
        noValidate
      >
        <Stack>
          <MeterChoice meters={meters} value={meterId} onChange={setMeterId} />
          {meter && (
            <>
              <Text>
                {t('locations.dialogs.currentReading')}:{' '}
                <Text span fw={600}>
                  {meter.kwhTotal === null
                    ? t('msg.readingNotFound')
                    : `${number.format(meter.kwhTotal)} ${meter.unit}`}
                </Text>
              </Text>
              <TextInput
                label={t('locations.dialogs.newReading', { unit: meter.unit })}
                placeholder={t('locations.dialogs.newReadingPlaceholder')}
                inputMode={water ? 'numeric' : 'decimal'}
                value={value}
                onChange={(e) => setValue(e.currentTarget.value)}
                onBlur={() => setTouched(true)}
                error={touched && problem ? t(`msg.${problem}`) : undefined}
                data-autofocus
              />
              {!water && (
                <Text size="sm" c="dimmed">
                  {t('msg.precisionNote')}
                </Text>
              )}
            </>
          )}
          <SubmitActions
            onCancel={onClose}
            label={t('locations.dialogs.save')}
            disabled={!meter || value.trim() === ''}
            loading={save.isPending}
          />
        </Stack>
      </form>
    </ResponsiveModal>
  );
}
