import { Checkbox, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import type { CountryLookup, TimeZoneLookup } from '@portal/contract';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldMessage } from '../../../../i18n/messages';
import type { SiteFormValues } from '../../siteFormValues';
import { CountryAndState } from './CountryAndState';
import { ZipInput } from './ZipInput';

type Props = {
  countries: CountryLookup[];
  timeZones: TimeZoneLookup[];
  sameAsPhysical: boolean;
  onSameAsPhysicalChange: (same: boolean) => void;
};

/** Physical address, time zone, and the billing address unless it is the physical one. */
export function AddressSection({ countries, timeZones, sameAsPhysical, onSameAsPhysicalChange }: Props) {
  const { t } = useTranslation();
  const {
    register,
    control,
    getValues,
    setValue,
    clearErrors,
    formState: { errors },
  } = useFormContext<SiteFormValues>();
  const countryData = countries.map((c) => ({ value: String(c.countryID), label: c.countryName }));
  const timeZoneData = timeZones.map((z) => ({ value: z.timeZone, label: z.displayName }));

  const toggleSame = (same: boolean) => {
    onSameAsPhysicalChange(same);
    const billing = same
      ? { line1: '', line2: '', city: '', zip: '', state: null, country: null }
      : {
          line1: getValues('physicalAddrLine1'),
          line2: getValues('physicalAddrLine2'),
          city: getValues('physicalCity'),
          zip: getValues('physicalZip'),
          state: getValues('fk_PhysicalStateID') ?? null,
          country: getValues('fk_PhysicalCountryID') ?? null,
        };
    setValue('billingAddrLine1', billing.line1);
    setValue('billingAddrLine2', billing.line2);
    setValue('billingCity', billing.city);
    setValue('billingZip', billing.zip);
    setValue('fk_BillingStateID', billing.state);
    setValue('fk_BillingCountryID', billing.country);
    clearErrors(['billingAddrLine1', 'billingAddrLine2', 'billingCity', 'billingZip', 'fk_BillingStateID']);
  };

  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label={t('sites.form.address1')}
          withAsterisk
          autoComplete="off"
          {...register('physicalAddrLine1')}
          error={fieldMessage(t, errors.physicalAddrLine1?.message)}
        />
        <TextInput
          label={t('sites.form.address2')}
          autoComplete="off"
          {...register('physicalAddrLine2')}
          error={fieldMessage(t, errors.physicalAddrLine2?.message)}
        />
        <TextInput
          label={t('sites.form.city')}
          withAsterisk
          autoComplete="off"
          {...register('physicalCity')}
          error={fieldMessage(t, errors.physicalCity?.message)}
        />
        <CountryAndState
          countryField="fk_PhysicalCountryID"
          stateField="fk_PhysicalStateID"
          zipField="physicalZip"
          countryData={countryData}
          required
        />
        <ZipInput name="physicalZip" countryField="fk_PhysicalCountryID" required />
        <Controller
          control={control}
          name="timeZone"
          render={({ field }) => (
            <Select
              label={t('sites.form.timeZone')}
              withAsterisk
              searchable
              data={timeZoneData}
              limit={50}
              value={field.value || null}
              onChange={(value) => field.onChange(value ?? '')}
              onBlur={field.onBlur}
              ref={field.ref}
              name={field.name}
              error={fieldMessage(t, errors.timeZone?.message)}
            />
          )}
        />
      </SimpleGrid>

      <Title order={3} size="h5" mt="xs">
        {t('sites.form.billingAddress')}
      </Title>
      <Checkbox
        label={t('sites.form.sameAsPhysical')}
        checked={sameAsPhysical}
        onChange={(event) => toggleSame(event.currentTarget.checked)}
      />
      {!sameAsPhysical && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label={t('sites.form.billingAddress1')}
            autoComplete="off"
            {...register('billingAddrLine1')}
            error={fieldMessage(t, errors.billingAddrLine1?.message)}
          />
          <TextInput
            label={t('sites.form.billingAddress2')}
            autoComplete="off"
            {...register('billingAddrLine2')}
            error={fieldMessage(t, errors.billingAddrLine2?.message)}
          />
          <TextInput
            label={t('sites.form.billingCity')}
            autoComplete="off"
            {...register('billingCity')}
            error={fieldMessage(t, errors.billingCity?.message)}
          />
          <CountryAndState
            countryField="fk_BillingCountryID"
            stateField="fk_BillingStateID"
            zipField="billingZip"
            countryData={countryData}
            billing
          />
          <ZipInput name="billingZip" countryField="fk_BillingCountryID" billing />
        </SimpleGrid>
      )}
    </Stack>
  );
}
