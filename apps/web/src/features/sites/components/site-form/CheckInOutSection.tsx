import { SimpleGrid } from '@mantine/core';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldMessage } from '../../../../i18n/messages';
import type { SiteFormValues } from '../../siteFormValues';
import { dayEndAfter } from '../../times';
import { TimeSelect, WeekStartSelect } from '../fields';

/** Default checkout time, day start and end (the end never before the start), week start. */
export function CheckInOutSection() {
  const { t } = useTranslation();
  const {
    control,
    getValues,
    setValue,
    formState: { errors },
  } = useFormContext<SiteFormValues>();
  const dayStart = useWatch({ control, name: 'dayStart' });
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <Controller
        control={control}
        name="defaultCheckoutTime"
        render={({ field }) => (
          <TimeSelect
            label={t('sites.form.defaultCheckoutTime')}
            description={t('sites.form.localTimeHint')}
            withAsterisk
            name={field.name}
            ref={field.ref}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={fieldMessage(t, errors.defaultCheckoutTime?.message)}
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
    </SimpleGrid>
  );
}
