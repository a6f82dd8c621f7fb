import { SimpleGrid } from '@mantine/core';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldMessage } from '../../../../i18n/messages';
import type { SiteFormValues } from '../../siteFormValues';
import { RateInput } from '../fields';

/** Electric rate per kWh and water rate per gallon, two decimals. */
export function RatesSection() {
  const { t } = useTranslation();
  const {
    control,
    formState: { errors },
  } = useFormContext<SiteFormValues>();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
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
    </SimpleGrid>
  );
}
