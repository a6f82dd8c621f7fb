import { SimpleGrid } from '@mantine/core';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { controlledProps } from '../../../../i18n/messages';
import type { SiteFormValues } from '../../siteFormValues';
import { TimeSelect } from '../fields';
import { DayFields, WeekStartField } from '../SettingFields';

/** Default checkout time, week start, day start and end. */
export function CheckInOutSection() {
  const { t } = useTranslation();
  const { control } = useFormContext<SiteFormValues>();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <Controller
        control={control}
        name="defaultCheckoutTime"
        render={({ field, fieldState }) => (
          <TimeSelect
            label={t('sites.form.defaultCheckoutTime')}
            description={t('sites.form.localTimeHint')}
            withAsterisk
            {...controlledProps(t, field, fieldState)}
          />
        )}
      />
      <WeekStartField />
      <DayFields />
    </SimpleGrid>
  );
}
