import { Alert, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { type SiteSetting, type SiteWithStats, siteSettingRequest } from '@portal/contract';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/apiError';
import { applyFieldErrors, hasFieldErrors } from '../../../lib/formErrors';
import { errorMessage, serverText } from '../../../i18n/messages';
import { toast } from '../../../ui/toast';
import { failureMessage } from '../failureMessage';
import { useSaveSiteSetting, useSiteSetting } from '../hooks';
import { DayFields, RateFields, WeekStartField } from './SettingFields';
import { SubmitActions } from '../../../ui/DialogActions';
import { useSchemaForm } from '../../../lib/schemaForm';
import { PropertyDialog } from '../../../ui/PropertyDialog';

const serverFields = ['billingRate', 'waterBillingRate', 'dayStart', 'dayEnd', 'weekStart'] as const;

/** Property Settings: rates per kWh and per gallon, day start and end, week start. */
export function SiteSettingsModal({ site, onClose }: { site: SiteWithStats; onClose: () => void }) {
  const { t } = useTranslation();
  const setting = useSiteSetting(site.siteID);
  return (
    <PropertyDialog onClose={onClose} title={t('sites.settings.title', { name: site.sitePublicName })} size="md">
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
    </PropertyDialog>
  );
}

function SettingsForm({ setting, onClose }: { setting: SiteSetting; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveSiteSetting();
  const form = useSchemaForm(siteSettingRequest, {
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
  const { handleSubmit, setError } = form;

  const onSubmit = handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: ({ message }) => {
        toast.success(serverText(t, message, 'settingsUpdated'));
        onClose();
      },
      onError: (error) => {
        const onFields = hasFieldErrors(error, serverFields);
        if (onFields) applyFieldErrors(error, setError, serverFields);
        toast.error(onFields ? t('msg.settingsUpdateFailed') : failureMessage(t, error, 'settingsUpdateFailed'));
      },
    }),
  );

  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <RateFields />
            <DayFields />
            <WeekStartField />
          </SimpleGrid>
          <SubmitActions onCancel={onClose} mt="sm" label={t('sites.form.save')} loading={save.isPending} />
        </Stack>
      </form>
    </FormProvider>
  );
}
