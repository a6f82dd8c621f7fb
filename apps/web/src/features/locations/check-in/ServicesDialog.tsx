import { Alert, Button, Group, Stack, Switch, TextInput } from '@mantine/core';
import { METERED_DEVICE_GROUPS, type GuestRow } from '@portal/contract';
import { useMemo, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { inputProps } from '../../../i18n/messages';
import { useSchemaForm } from '../../../lib/schemaForm';
import { ResponsiveModal } from '../../../ui/ResponsiveModal';
import type { DialogProps } from '../dialogs/dialogProps';
import { toastFailure, toastSaved } from '../feedback';
import { useRetryRelays, useSaveWithServices } from '../hooks';
import { checkInBlock, checkInBlocked } from '../rows';
import { GuestFields } from './GuestFields';
import { LocationFields } from './LocationFields';
import { type FormMode, formSchema, initialValues, requestBody } from './locationForm';
import { ServicesField } from './ServicesField';
import { readingsComplete, readingsToSend, StayReadings, type MeterToRead, type TakenReadings } from './StayReadings';
import { initialServices, serviceBoxes } from './services';
import { useLocationSave } from './useLocationSave';
import { earliestCheckout } from './zonedTime';

/**
 * Check In, or Manage Location of a location with switchable services: its fields, the
 * services, availability, and the stay (automatic check-out, guest) when a guest is in; a check-in
 * takes the opening readings of meters read by hand or gone silent.
 */
export function ServicesDialog({
  site,
  row,
  onClose,
  onDone,
  checkIn,
  guest,
}: DialogProps & { checkIn: boolean; guest: GuestRow | null }) {
  const { t } = useTranslation();
  const mode: FormMode = { checkIn, guestIn: checkIn || row.isCheckedInState };
  const boxes = useMemo(() => serviceBoxes(row.servicePoints, mode.guestIn), [row.servicePoints, mode.guestIn]);
  const hasServices = boxes.length > 0;
  const [now] = useState(() => new Date());
  const schema = useMemo(
    () =>
      formSchema(
        mode,
        site.timeZone,
        {
          invalid: t('checkIn.checkoutInvalid'),
          tooEarly: t('checkIn.checkoutTooEarly', {
            earliest: earliestCheckout(new Date(), site.timeZone).replace('T', ' '),
          }),
          step: t('checkIn.checkoutStep'),
        },
        () => new Date(),
      ),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the mode is fixed while the dialog is open
    [mode.guestIn, site.timeZone, t],
  );
  const form = useSchemaForm(schema, {
    defaultValues: initialValues(row, mode, initialServices(boxes, checkIn), site, now, guest),
  });
  const { control, handleSubmit, setError } = form;
  const input = inputProps(t, form);
  const available = useWatch({ control, name: 'available' });
  const save = useSaveWithServices(site.siteID, checkIn);
  const saved = useLocationSave(checkIn, { onDone: () => onDone([row.locationID]), onClose, setError });
  const retry = useRetryRelays(site.siteID);
  const blocked = checkIn && (checkInBlocked(row) || !available);
  // Availability cannot change while a guest is in, nor without services.
  const availabilityLocked = row.isCheckedInState || !hasServices;

  // a check-in opens at the readings of the meters read by hand (and may of those gone silent)
  const [taken, setTaken] = useState<TakenReadings>({});
  const toRead: MeterToRead[] = checkIn
    ? row.servicePoints
        .filter(
          (sp) => METERED_DEVICE_GROUPS.includes(sp.fk_DeviceTypeGroupId) && (sp.readByHand || sp.isMissingDevice),
        )
        .map((sp) => ({
          servicePointID: sp.servicePointID,
          name: sp.servicePointName,
          unit: sp.unit,
          required: sp.readByHand,
          estimate: null,
        }))
    : [];

  const onSubmit = handleSubmit((values) =>
    save.mutate(
      {
        ...requestBody(row, values, boxes, mode, site.timeZone),
        ...(toRead.length ? { readings: readingsToSend(taken) } : {}),
      },
      saved,
    ),
  );

  const retryFailed = () =>
    retry.mutate(row.locationID, {
      onSuccess: (answer) => toastSaved(t, answer.statusCode, 'deviceSuccess', 'retryPending'),
      onError: () => toastFailure(t, null, 'retryFailed', 'retryFailed'),
    });

  return (
    <ResponsiveModal
      onClose={onClose}
      size="lg"
      closeOnClickOutside={false}
      title={t(checkIn ? 'checkIn.title' : 'checkIn.editTitle', { location: row.locationDescription })}
    >
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <Stack gap="sm">
          <LocationFields row={row} form={form} locked={mode.guestIn} withType />
          {mode.guestIn && (
            <TextInput
              type="datetime-local"
              label={t('checkIn.autoCheckout', { zone: site.timeZone })}
              min={earliestCheckout(now, site.timeZone)}
              step={900}
              withAsterisk
              {...input('autoCheckout')}
            />
          )}
          {hasServices && (
            <Controller
              control={control}
              name="services"
              render={({ field }) => (
                <ServicesField
                  boxes={boxes}
                  value={field.value}
                  onChange={field.onChange}
                  available={available}
                  onRetry={checkIn ? undefined : retryFailed}
                  retrying={retry.isPending}
                />
              )}
            />
          )}
          {mode.guestIn && <GuestFields form={form} />}
          <StayReadings meters={toRead} taken={taken} onChange={setTaken} />
          <Controller
            control={control}
            name="available"
            render={({ field }) => (
              <Switch
                label={t('checkIn.available')}
                description={availabilityLocked ? t('checkIn.availabilityLocked') : t('checkIn.availabilityHint')}
                checked={field.value}
                onChange={(e) => field.onChange(e.currentTarget.checked)}
                disabled={availabilityLocked}
              />
            )}
          />
          {blocked && (
            <Alert color="yellow" role="alert">
              {t('msg.checkInNotAllowed')} {t(`locations.reasons.${checkInBlock(row) ?? 'outOfService'}`)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.close')}
            </Button>
            <Button type="submit" loading={save.isPending} disabled={blocked || !readingsComplete(toRead, taken)}>
              {checkIn ? t('locations.table.checkIn') : t('locations.dialogs.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </ResponsiveModal>
  );
}
