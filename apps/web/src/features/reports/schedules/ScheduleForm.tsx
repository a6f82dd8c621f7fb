import { Autocomplete, NativeSelect, SimpleGrid, Stack, TagsInput, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  REPORT_FORMATS,
  SCHEDULE_FREQUENCIES,
  type ReportSchedule,
  type ReportType,
  type ScheduleRequest,
} from '@portal/contract';
import { useMemo } from 'react';
import { Controller, type FieldError, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { controlledProps, errorMessage, fieldMessage, inputProps } from '../../../i18n/messages';
import { ApiError } from '../../../lib/apiError';
import { applyFieldErrors } from '../../../lib/formErrors';
import { SubmitActions } from '../../../ui/DialogActions';
import { toast } from '../../../ui/toast';
import { useLocationSearch } from '../hooks';
import { useSaveSchedule } from './hooks';
import { FORM_FIELDS, initialValues, scheduleResolver, type ScheduleFormValues } from './scheduleForm';

type Site = { siteID: number; timeZone: string };

/**
 * A new or changed schedule: the report (and its location when it is a report of one
 * location), how often, at what local time of the property, the file's format and who
 * receives it. Checked with the contract's schema; the server's field errors land on their fields.
 */
export function ScheduleForm({
  site,
  schedule,
  reportTypes,
  onCancel,
  onSaved,
}: {
  site: Site;
  schedule: ReportSchedule | null;
  reportTypes: ReportType[];
  onCancel: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveSchedule(site.siteID);
  const needsLocation = useMemo(() => {
    const byId = new Map(reportTypes.map((r) => [String(r.reportTypeID), r.needsLocation]));
    return (id: string) => byId.get(id) ?? false;
  }, [reportTypes]);
  const resolver = useMemo(
    () => scheduleResolver(site.siteID, schedule?.scheduleID ?? 0, needsLocation),
    [site.siteID, schedule?.scheduleID, needsLocation],
  );
  const form = useForm<ScheduleFormValues, unknown, ScheduleRequest>({
    resolver,
    defaultValues: initialValues(schedule),
  });
  const {
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = form;
  const input = inputProps(t, form);
  const reportTypeID = useWatch({ control, name: 'reportTypeID' });
  const locationText = useWatch({ control, name: 'locationDescription' });
  const [search] = useDebouncedValue(locationText, 250);
  const locations = useLocationSearch(site.siteID, needsLocation(reportTypeID) ? search : '');
  const recipientsError =
    errors.recipients?.type === 'address'
      ? t('schedules.form.invalidRecipient', { address: errors.recipients.message })
      : fieldMessage(t, (errors.recipients as FieldError | undefined)?.message);

  const onSubmit = handleSubmit((request) =>
    save.mutate(request, {
      onSuccess: () => {
        toast.success(t('schedules.form.saved'));
        onSaved();
      },
      onError: (error) => {
        const onFields = error instanceof ApiError && error.fields.length > 0;
        if (onFields) {
          // a recipient's error ('recipients.2') belongs on the recipients field
          const fields = error.fields.map((f) =>
            f.field.startsWith('recipients.') ? { ...f, field: 'recipients' } : f,
          );
          applyFieldErrors(error.withFields(fields), setError, FORM_FIELDS);
        }
        toast.error(onFields ? t('schedules.form.saveFailed') : errorMessage(t, error));
      },
    }),
  );

  const title = schedule ? t('schedules.form.titleEdit') : t('schedules.form.titleNew');
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-labelledby="schedule-form-title">
      <Stack gap="md">
        <Text fw={600} id="schedule-form-title">
          {title}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Controller
            control={control}
            name="reportTypeID"
            render={({ field, fieldState }) => (
              <NativeSelect
                label={t('schedules.form.report')}
                withAsterisk
                data={[
                  { value: '', label: t('schedules.form.reportPlaceholder') },
                  ...reportTypes.map((r) => ({ value: String(r.reportTypeID), label: r.reportTypeName })),
                ]}
                {...controlledProps(t, field, fieldState)}
              />
            )}
          />
          {needsLocation(reportTypeID) && (
            <Controller
              control={control}
              name="locationDescription"
              render={({ field, fieldState }) => (
                <Autocomplete
                  label={t('schedules.form.location')}
                  placeholder={t('reports.locationPlaceholder')}
                  withAsterisk
                  data={(locations.data ?? []).map((o) => o.locationDescription)}
                  filter={({ options }) => options}
                  {...controlledProps(t, field, fieldState)}
                />
              )}
            />
          )}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <Controller
            control={control}
            name="frequency"
            render={({ field, fieldState }) => (
              <NativeSelect
                label={t('schedules.form.frequency')}
                data={SCHEDULE_FREQUENCIES.map((f) => ({ value: f, label: t(`schedules.frequency.${f}`) }))}
                {...controlledProps(t, field, fieldState)}
              />
            )}
          />
          <TextInput
            type="time"
            label={t('schedules.form.time', { zone: site.timeZone })}
            withAsterisk
            {...input('time')}
          />
          <Controller
            control={control}
            name="format"
            render={({ field, fieldState }) => (
              <NativeSelect
                label={t('schedules.form.format')}
                data={REPORT_FORMATS.map((f) => ({ value: f, label: t(`schedules.format.${f}`) }))}
                {...controlledProps(t, field, fieldState)}
              />
            )}
          />
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          {t('schedules.form.frequencyHelp')}
        </Text>
        <Controller
          control={control}
          name="recipients"
          render={({ field, fieldState }) => (
            <TagsInput
              label={t('schedules.form.recipients')}
              description={t('schedules.form.recipientsHelp')}
              withAsterisk
              splitChars={[',', ';', ' ']}
              clearable
              {...controlledProps(t, field, fieldState)}
              error={recipientsError}
            />
          )}
        />
        <Text size="xs" c="dimmed">
          {t('schedules.form.outsideHelp')}
        </Text>
        <SubmitActions onCancel={onCancel} label={t('schedules.form.save')} loading={save.isPending} />
      </Stack>
    </form>
  );
}
