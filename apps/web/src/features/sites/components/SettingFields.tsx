import type { siteSettingRequest } from '@portal/contract';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { controlledProps } from '../../../i18n/messages';
import { dayEndAfter } from '../times';
import { RateInput, TimeSelect, WeekStartSelect } from './fields';

/** The settings fields these controls need in the surrounding form (the property form and Property Settings). */
type SettingFieldValues = Pick<
  z.input<typeof siteSettingRequest>,
  'billingRate' | 'waterBillingRate' | 'dayStart' | 'dayEnd' | 'weekStart'
>;

/** Electric rate per kWh and water rate per gallon, two decimals. */
export function RateFields() {
  const { t } = useTranslation();
  return (
    <>
      <RateField name="billingRate" label={t('sites.form.electricRate')} />
      <RateField name="waterBillingRate" label={t('sites.form.waterRate')} />
    </>
  );
}

function RateField({ name, label }: { name: 'billingRate' | 'waterBillingRate'; label: string }) {
  const { t } = useTranslation();
  const { control } = useFormContext<SettingFieldValues>();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <RateInput label={label} withAsterisk {...controlledProps(t, field, fieldState)} />
      )}
    />
  );
}

/** Day start and end: a start later than the end moves the end up to it, and the end offers no earlier time. */
export function DayFields() {
  const { t } = useTranslation();
  const { control, getValues, setValue } = useFormContext<SettingFieldValues>();
  const dayStart = useWatch({ control, name: 'dayStart' });
  return (
    <>
      <Controller
        control={control}
        name="dayStart"
        render={({ field, fieldState }) => (
          <TimeSelect
            label={t('sites.form.dayStart')}
            withAsterisk
            {...controlledProps(t, field, fieldState)}
            onChange={(value) => {
              field.onChange(value);
              const end = dayEndAfter(value, getValues('dayEnd'));
              if (end && end !== getValues('dayEnd')) setValue('dayEnd', end, { shouldValidate: true });
            }}
          />
        )}
      />
      <Controller
        control={control}
        name="dayEnd"
        render={({ field, fieldState }) => (
          <TimeSelect
            label={t('sites.form.dayEnd')}
            withAsterisk
            min={dayStart}
            {...controlledProps(t, field, fieldState)}
          />
        )}
      />
    </>
  );
}

/** The first day of the property's week. */
export function WeekStartField() {
  const { t } = useTranslation();
  const { control } = useFormContext<SettingFieldValues>();
  return (
    <Controller
      control={control}
      name="weekStart"
      render={({ field, fieldState }) => (
        <WeekStartSelect label={t('sites.form.weekStart')} withAsterisk {...controlledProps(t, field, fieldState)} />
      )}
    />
  );
}
