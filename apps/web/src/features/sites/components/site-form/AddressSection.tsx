import { Checkbox, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import type { CountryLookup, TimeZoneLookup } from '@portal/contract';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { controlledProps, inputProps } from '../../../../i18n/messages';
import { type Address, addressFields, type SiteFormValues } from '../../siteFormValues';
import { addressLabels } from './addressLabels';
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
  const { control, getValues, setValue, clearErrors } = useFormContext<SiteFormValues>();
  const countryData = countries.map((c) => ({ value: String(c.countryID), label: c.countryName }));
  const timeZoneData = timeZones.map((z) => ({ value: z.timeZone, label: z.displayName }));

  const toggleSame = (same: boolean) => {
    onSameAsPhysicalChange(same);
    const { billing, physical } = addressFields;
    for (const part of ['line1', 'line2', 'city', 'zip'] as const) {
      setValue(billing[part], same ? '' : getValues(physical[part]));
    }
    for (const part of ['state', 'country'] as const) {
      setValue(billing[part], same ? null : (getValues(physical[part]) ?? null));
    }
    clearErrors([billing.line1, billing.line2, billing.city, billing.zip, billing.state]);
  };

  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <AddressFields address="physical" countryData={countryData} />
        <Controller
          control={control}
          name="timeZone"
          render={({ field, fieldState }) => (
            <Select
              label={t('sites.form.timeZone')}
              withAsterisk
              searchable
              data={timeZoneData}
              limit={50}
              {...controlledProps(t, field, fieldState)}
              value={field.value || null}
              onChange={(value) => field.onChange(value ?? '')}
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
          <AddressFields address="billing" countryData={countryData} />
        </SimpleGrid>
      )}
    </Stack>
  );
}

/** An address's lines, city, country and state, and zip; the physical address is required, the billing one optional. */
function AddressFields({
  address,
  countryData,
}: {
  address: Address;
  countryData: Array<{ value: string; label: string }>;
}) {
  const { t } = useTranslation();
  const input = inputProps(t, useFormContext<SiteFormValues>());
  const fields = addressFields[address];
  const labels = addressLabels[address];
  const required = address === 'physical';
  const line = (part: 'line1' | 'line2' | 'city') => ({
    label: t(labels[part]),
    autoComplete: 'off',
    ...input(fields[part]),
  });
  return (
    <>
      <TextInput withAsterisk={required} {...line('line1')} />
      <TextInput {...line('line2')} />
      <TextInput withAsterisk={required} {...line('city')} />
      <CountryAndState address={address} countryData={countryData} required={required} />
      <ZipInput address={address} required={required} />
    </>
  );
}
