import { Button, Modal, Stack, Text, TextInput } from '@mantine/core';
import { readingProblem, type StatementMeter } from '@portal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../i18n/messages';
import { SubmitActions } from '../../../ui/DialogActions';
import { propertyTimeText } from '../../../ui/PropertyTime';
import { useConfirm } from '../../../ui/confirmContext';
import { toast } from '../../../ui/toast';
import { useReplaceEstimate } from '../hooks';
import { unitAmount } from '../unitAmount';

type Props = { stayID: number; timeZone: string; meter: StatementMeter };

/**
 * Enter the actual reading of a meter whose closing reading was estimated: read at the
 * estimate's instant, it replaces it and the statement is revised ("estimate replaced").
 */
export function ReplaceEstimate({ stayID, timeZone, meter }: Props) {
  const { t, i18n } = useTranslation();
  const confirm = useConfirm();
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState('');
  const replace = useReplaceEstimate(stayID);
  const water = meter.unit === 'gal';
  const reading = value.trim();
  const problem = reading === '' ? null : readingProblem(reading, water);
  const at = meter.closingReadingAt!;

  const send = (overrideConfirmation: boolean) =>
    replace.mutate(
      {
        servicePointID: meter.servicePointID,
        reset: false,
        at,
        overrideConfirmation,
        ...(water ? { totalGallons: reading } : { kwHTotal: reading }),
      },
      {
        onSuccess: async (answer) => {
          if (answer.overrideConfirmation) {
            if (await confirm({ title: t('billing.statement.actualReading'), message: t('msg.readingLowerConfirm') }))
              send(true);
            return;
          }
          toast.success(t('msg.revisionReasonEstimateReplaced'));
          setOpen(false);
          setValue('');
        },
      },
    );

  return (
    <>
      <Button size="compact-xs" variant="light" mt={4} onClick={() => setOpen(true)}>
        {t('billing.statement.replaceEstimate')}
      </Button>
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        title={t('billing.statement.replaceTitle', { meter: meter.meterName })}
      >
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (reading !== '' && !problem) send(false);
          }}
          noValidate
        >
          <Stack>
            <Text size="sm">
              {t('billing.statement.replaceIntro', {
                at: propertyTimeText(at, timeZone, i18n.language),
                estimate: unitAmount(t, i18n.language, meter.closingReading, meter.unit),
              })}
            </Text>
            <TextInput
              label={`${t('billing.statement.actualReading')} (${meter.unit})`}
              inputMode={water ? 'numeric' : 'decimal'}
              autoComplete="off"
              value={value}
              onChange={(e) => setValue(e.currentTarget.value)}
              error={problem ? t(`msg.${problem}`) : replace.isError ? errorMessage(t, replace.error) : undefined}
              data-autofocus
            />
            <SubmitActions
              onCancel={() => setOpen(false)}
              label={t('billing.statement.saveActual')}
              loading={replace.isPending}
              disabled={reading === '' || problem !== null}
            />
          </Stack>
        </form>
      </Modal>
    </>
  );
}
