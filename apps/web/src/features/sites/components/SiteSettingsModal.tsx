import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { type SiteSetting, type SiteWithStats, siteSettingRequest } from '@portal/contract';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ApiError } from '../../../app/apiError';
import { applyFieldErrors, hasFieldErrors } from '../../../app/formErrors';
import { errorMessage, fieldMessage, serverText } from '../../../i18n/messages';
import { toast } from '../../../ui/toast';
import { useSaveSiteSetting, useSiteSetting } from '../hooks';
import { dayEndAfter } from '../times';
import { RateInput, TimeSelect, WeekStartSelect } from './fields';

type SettingValues = z.input<typeof siteSettingRequest>;
type SettingOutput = z.output<typeof siteSettingRequest>;
const serverFields = ['billingRate', 'waterBillingRate', 'dayStart', 'dayEnd', 'weekStart'] as const;

/** Property Settings: rates per kWh and per gallon, day start and end, week start. */
export function SiteSettingsModal({ site, onClose }: { site: SiteWithStats; onClose: () => void }) {
  const { t } = useTranslation();
  const setting = useSiteSetting(site.siteID);
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('sites.settings.title', { name: site.sitePublicName })}
      size="md"
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {setting.isError && (
        <Alert color="red" variant="light" title={t('msg.settingLoadFailed')}>
          {setting.error instanceof ApiError && setting.error.status > 0 ? errorMessage(t, setting.error) : null}
        </Alert>
      )}
      {setting.isPending && (
        <Stack gap="sm" role="status" aria-label={t('common.loading')}>
          <Skeleton height={56} />
          <Skeleton height={56} />
          <Skeleton height={56} />
        </Stack>
      )}
      {setting.data && <SettingsForm setting={setting.data} onClose={onClose} />}
    </Modal>
  );
}

function SettingsForm({ setting, onClose }: { setting: SiteSetting; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveSiteSetting();
  const {
    control,
    handleSubmit,
    setError,
    setValue,
    getValues,
    formState: { errors },
  } = useForm<SettingValues, unknown, SettingOutput>({
    resolver: zodResolver(siteSettingRequest),
    defaultValues: {
      fk_SiteID: setting.fk_SiteID,
      billingRate: setting.billingRate,
      waterBillingRate: setting.waterBillingRate,
      dayStart: setting.dayStart,
      dayEnd: setting.dayEnd,
      weekStart: setting.weekStart,
      active: setting.active,
    },
  });
  const dayStart = useWatch({ control, name: 'dayStart' });

  const onSubmit = handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: ({ message }) => {
        toast.success(serverText(t, message, 'settingsUpdated'));
        onClose();
      },
      onError: (error) => {
        if (hasFieldErrors(error, serverFields)) applyFieldErrors(error, setError, serverFields);
        toast.error(
          error instanceof ApiError && error.isClientError && !hasFieldErrors(error, serverFields)
            ? errorMessage(t, error)
            : t('msg.settingsUpdateFailed'),
        );
      },
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Controller
            control={control}
            name="billingRate"
            render={({ field }) => (
              <RateInput
                label={t('sites.form.electricRate')}
                withAsterisk
                name={field.name}
                ref={field.ref}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={fieldMessage(t, errors.billingRate?.message)}
              />
            )}
          />
          <Controller
            control={control}
            name="waterBillingRate"
            render={({ field }) => (
              <RateInput
                label={t('sites.form.waterRate')}
                withAsterisk
                name={field.name}
                ref={field.ref}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={fieldMessage(t, errors.waterBillingRate?.message)}
              />
            )}
          />
          <Controller
            control={control}
            name="dayStart"
            render={({ field }) => (
              <TimeSelect
                label={t('sites.form.dayStart')}
                withAsterisk
                name={field.name}
                ref={field.ref}
                value={field.value}
                onChange={(value) => {
                  field.onChange(value);
                  const end = dayEndAfter(value, getValues('dayEnd'));
                  if (end && end !== getValues('dayEnd')) setValue('dayEnd', end, { shouldValidate: true });
                }}
                onBlur={field.onBlur}
                error={fieldMessage(t, errors.dayStart?.message)}
              />
            )}
          />
          <Controller
            control={control}
            name="dayEnd"
            render={({ field }) => (
              <TimeSelect
                label={t('sites.form.dayEnd')}
                withAsterisk
                min={dayStart}
                name={field.name}
                ref={field.ref}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={fieldMessage(t, errors.dayEnd?.message)}
              />
            )}
          />
          <Controller
            control={control}
            name="weekStart"
            render={({ field }) => (
              <WeekStartSelect
                label={t('sites.form.weekStart')}
                withAsterisk
                name={field.name}
                ref={field.ref}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={fieldMessage(t, errors.weekStart?.message)}
              />
            )}
          />
        </SimpleGrid>
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('sites.form.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
