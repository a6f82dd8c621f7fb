import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Select, Skeleton, Stack, Switch, Text, TextInput } from '@mantine/core';
import type { GuestRow, LocationRow } from '@portal/contract';
import { useMemo, useState } from 'react';
import { Controller, type Resolver, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyFieldErrors, hasFieldErrors } from '../../../lib/formErrors';
import { errorMessage, fieldMessage } from '../../../i18n/messages';
import { toastFailure, toastSaved, toastStatusError } from '../feedback';
import {
  useCheckIn,
  useCurrentStay,
  useLocationTypes,
  useRetryRelays,
  useUpdateLocation,
  useUpdateWithServices,
} from '../hooks';
import { checkInBlock, checkInBlocked, hasSoloDevice } from '../rows';
import { ResponsiveModal } from '../dialogs/ResponsiveModal';
import type { DialogProps } from '../dialogs/dialogProps';
import { useRole } from '../../../lib/session/useRole';
import { editRights } from '../editRights';
import { GuestFields } from './GuestFields';
import { type FormMode, type LocationFormValues, formSchema, initialValues, requestBody } from './locationForm';
import { ServicesField } from './ServicesField';
import { serviceBoxes, initialServices } from './services';
import { earliestCheckout } from './zonedTime';

const SERVER_FIELDS = [
  'locationDescription',
  'billingAccountNumber',
  'locationType',
  'locationPublicName',
  'autoCheckout',
] as const;

/** Check In (screen 11): the stay's automatic check-out, services, availability and guest. */
export function CheckInDialog(props: DialogProps) {
  return <LocationFormDialog {...props} checkIn guest={null} />;
}

/**
 * Manage Location: with switchable services the full form (services, availability, and
 * the stay when a guest is in); without, the location's fields only; with a cube or data
 * collector the limited variant (description and billing account number).
 */
export function EditLocationDialog(props: DialogProps) {
  const hasServices = props.row.servicePoints.some((sp) => sp.servicePointCapabilities.length > 0);
  if (hasSoloDevice(props.row)) return <BasicEditDialog {...props} limited />;
  if (!hasServices) return <BasicEditDialog {...props} limited={false} />;
  if (props.row.isCheckedInState) return <EditStayDialog {...props} />;
  return <LocationFormDialog {...props} checkIn={false} guest={null} />;
}

/**
 * A checked-in location: the form opens with the open stay's guest, loaded first, so that
 * nothing typed into blank fields can replace the guest by mistake.
 */
function EditStayDialog(props: DialogProps) {
  const { t } = useTranslation();
  const stay = useCurrentStay(props.row.locationID);
  if (stay.data !== undefined)
    return <LocationFormDialog {...props} checkIn={false} guest={stay.data?.guest ?? null} />;
  return (
    <ResponsiveModal
      onClose={props.onClose}
      size="lg"
      title={t('checkIn.editTitle', { location: props.row.locationDescription })}
    >
      {stay.isError ? (
        <Alert color="red" role="alert" title={t('msg.locationUpdateFailed')}>
          {errorMessage(t, stay.error)}
        </Alert>
      ) : (
        <Stack gap="sm" aria-busy="true" aria-label={t('common.loading')}>
          <Skeleton height={36} />
          <Skeleton height={36} />
          <Skeleton height={120} />
        </Stack>
      )}
    </ResponsiveModal>
  );
}

function LocationFields({
  row,
  mode,
  register,
  control,
  errors,
  withType,
}: {
  row: LocationRow;
  mode: { guestIn: boolean };
  register: ReturnType<typeof useForm<LocationFormValues>>['register'];
  control: ReturnType<typeof useForm<LocationFormValues>>['control'];
  errors: ReturnType<typeof useForm<LocationFormValues>>['formState']['errors'];
  withType: boolean;
}) {
  const { t } = useTranslation();
  const role = useRole();
  const rights = editRights(role);
  const types = useLocationTypes();
  const locked = mode.guestIn;
  return (
    <>
      {locked && row.isCheckedInState && (
        <Text size="sm" c="dimmed">
          {t('msg.checkedInReadOnly')}
        </Text>
      )}
      <TextInput
        label={t('locations.fields.description')}
        readOnly={locked || !rights.description}
        variant={locked || !rights.description ? 'filled' : 'default'}
        withAsterisk={!locked}
        {...register('locationDescription')}
        error={fieldMessage(t, errors.locationDescription?.message)}
      />
      <Group grow wrap="wrap" align="flex-start">
        <TextInput
          label={t('locations.fields.accountNumber')}
          readOnly={locked || !rights.accountNumber}
          variant={locked || !rights.accountNumber ? 'filled' : 'default'}
          {...register('billingAccountNumber')}
          error={fieldMessage(t, errors.billingAccountNumber?.message)}
        />
        {withType && (
          <Controller
            control={control}
            name="locationType"
            render={({ field }) => (
              <Select
                label={t('locations.fields.type')}
                data={(types.data ?? []).map((ty) => ({
                  value: String(ty.locationTypeId),
                  label: ty.locationTypeName,
                }))}
                value={field.value}
                onChange={field.onChange}
                readOnly={locked || !rights.locationType}
                variant={locked || !rights.locationType ? 'filled' : 'default'}
                clearable={!locked && rights.locationType}
                placeholder={types.isPending ? t('common.loading') : undefined}
                comboboxProps={{ withinPortal: true }}
              />
            )}
          />
        )}
      </Group>
      <TextInput
        label={t('locations.fields.publicName')}
        description={t('locations.fields.publicNameHint')}
        readOnly={locked || !rights.publicName}
        variant={locked || !rights.publicName ? 'filled' : 'default'}
        {...register('locationPublicName')}
        error={fieldMessage(t, errors.locationPublicName?.message)}
      />
    </>
  );
}

function LocationFormDialog({
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
  const { register, control, handleSubmit, setValue, setError, formState } = useForm<LocationFormValues>({
    resolver: zodResolver(schema) as unknown as Resolver<LocationFormValues>,
    defaultValues: initialValues(row, mode, initialServices(boxes, checkIn), site, now, guest),
  });
  const available = useWatch({ control, name: 'available' });
  const checkInMutation = useCheckIn(site.siteID);
  const update = useUpdateWithServices(site.siteID);
  const retry = useRetryRelays(site.siteID);
  const saving = checkInMutation.isPending || update.isPending;
  const blocked = checkIn && (checkInBlocked(row) || !available);
  // Availability cannot change while a guest is in, nor without services.
  const availabilityLocked = row.isCheckedInState || !hasServices;

  const onSubmit = handleSubmit((values) => {
    const body = requestBody(row, values, boxes, mode, site.timeZone);
    if (checkIn) {
      checkInMutation.mutate(body, {
        onSuccess: (answer) => {
          toastSaved(t, answer.statusCode, 'checkInSuccess', 'checkInPending');
          onDone([row.locationID]);
          onClose();
        },
        onError: (error) => {
          if (hasFieldErrors(error, SERVER_FIELDS)) applyFieldErrors(error, setError, [...SERVER_FIELDS]);
          toastStatusError(t, error, 'checkInFailed');
        },
      });
    } else {
      update.mutate(body, {
        onSuccess: (answer) => {
          toastSaved(t, answer.statusCode, 'locationUpdated', 'locationUpdatePending');
          onDone([row.locationID]);
          onClose();
        },
        onError: (error) => {
          if (hasFieldErrors(error, SERVER_FIELDS)) applyFieldErrors(error, setError, [...SERVER_FIELDS]);
          else toastFailure(t, error, 'locationUpdateFailed', 'locationUpdateFailed');
        },
      });
    }
  });

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
      title={
        checkIn
          ? t('checkIn.title', { location: row.locationDescription })
          : t('checkIn.editTitle', { location: row.locationDescription })
      }
    >
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <Stack gap="sm">
          <LocationFields
            row={row}
            mode={mode}
            register={register}
            control={control}
            errors={formState.errors}
            withType
          />
          {mode.guestIn && (
            <TextInput
              type="datetime-local"
              label={t('checkIn.autoCheckout', { zone: site.timeZone })}
              min={earliestCheckout(now, site.timeZone)}
              step={900}
              withAsterisk
              {...register('autoCheckout')}
              error={fieldMessage(t, formState.errors.autoCheckout?.message)}
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
          {mode.guestIn && (
            <GuestFields control={control} register={register} setValue={setValue} errors={formState.errors} />
          )}
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
          {checkIn && blocked && (
            <Alert color="yellow" role="alert">
              {t('msg.checkInNotAllowed')} {t(`locations.reasons.${checkInBlock(row) ?? 'outOfService'}`)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.close')}
            </Button>
            <Button type="submit" loading={saving} disabled={blocked}>
              {checkIn ? t('locations.table.checkIn') : t('locations.dialogs.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </ResponsiveModal>
  );
}

/** Edit Location without services: `api.locations.edit`, or the limited `api.locations.editBasics` (no type). */
function BasicEditDialog({ site, row, onClose, onDone, limited }: DialogProps & { limited: boolean }) {
  const { t } = useTranslation();
  const mode: FormMode = { checkIn: false, guestIn: row.isCheckedInState };
  const [now] = useState(() => new Date());
  const schema = useMemo(
    () =>
      formSchema(
        { checkIn: false, guestIn: false },
        site.timeZone,
        { invalid: '', tooEarly: '', step: '' },
        () => new Date(),
      ),
    [site.timeZone],
  );
  const { register, control, handleSubmit, setError, formState } = useForm<LocationFormValues>({
    resolver: zodResolver(schema) as unknown as Resolver<LocationFormValues>,
    defaultValues: initialValues(row, mode, [], site, now),
  });
  const save = useUpdateLocation(site.siteID);
  const onSubmit = handleSubmit((values) => {
    save.mutate(
      {
        limited,
        locationID: row.locationID,
        locationDescription: values.locationDescription.trim(),
        billingAccountNumber: values.billingAccountNumber.trim() || null,
        locationPublicName: values.locationPublicName.trim(),
        ...(limited ? {} : { locationType: values.locationType === null ? null : Number(values.locationType) }),
      },
      {
        onSuccess: () => {
          toastSaved(t, 200, 'locationUpdated', 'locationUpdatePending');
          onDone([row.locationID]);
          onClose();
        },
        onError: (error) => {
          if (hasFieldErrors(error, SERVER_FIELDS)) applyFieldErrors(error, setError, [...SERVER_FIELDS]);
          else toastFailure(t, error, 'locationUpdateFailed', 'locationUpdateFailed');
        },
      },
    );
  });
  return (
    <ResponsiveModal onClose={onClose} title={t('checkIn.editTitle', { location: row.locationDescription })}>
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <Stack gap="sm">
          <LocationFields
            row={row}
            mode={mode}
            register={register}
            control={control}
            errors={formState.errors}
            withType={!limited}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.close')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('locations.dialogs.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </ResponsiveModal>
  );
}
