import { Checkbox, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { type CountryLookup, type TimeZoneLookup, normalizeZip, zipFormatMessage } from '@portal/contract';
import { useState } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldMessage } from '../../../../i18n/messages';
import { useStates } from '../../hooks';
import type { SiteFormValues } from '../../siteFormValues';
import { stateMemory } from '../../stateMemory';
import { maskZip } from '../../zip';

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

type CountryField = 'fk_PhysicalCountryID' | 'fk_BillingCountryID';
type StateField = 'fk_PhysicalStateID' | 'fk_BillingStateID';
type ZipField = 'physicalZip' | 'billingZip';

/**
 * Country and state: the states are reloaded whenever the country changes, and the state
 * shown is the one chosen for that country earlier in this dialog, or none.
 */
function CountryAndState(props: {
  countryField: CountryField;
  stateField: StateField;
  zipField: ZipField;
  countryData: Array<{ value: string; label: string }>;
  required?: boolean;
  billing?: boolean;
}) {
  const { t } = useTranslation();
  const {
    control,
    getValues,
    setValue,
    clearErrors,
    getFieldState,
    formState: { errors, isSubmitted },
  } = useFormContext<SiteFormValues>();
  const [switchCountry] = useState(stateMemory);
  const countryID = useWatch({ control, name: props.countryField });
  const states = useStates(countryID);
  const stateData = (states.data ?? []).map((s) => ({ value: String(s.stateID), label: s.stateName }));

  return (
    <>
      <Controller
        control={control}
        name={props.countryField}
        render={({ field }) => (
          <Select
            label={t(props.billing ? 'sites.form.billingCountry' : 'sites.form.country')}
            withAsterisk={props.required}
            searchable
            data={props.countryData}
            value={field.value ? String(field.value) : null}
            onChange={(value) => {
              const next = value ? Number(value) : null;
              if (next === field.value) return;
              const state = switchCountry({ country: field.value, state: getValues(props.stateField) }, next);
              field.onChange(next);
              setValue(props.stateField, state, { shouldValidate: isSubmitted });
              if (getFieldState(props.zipField).error?.type === 'blur') clearErrors(props.zipField);
            }}
            onBlur={field.onBlur}
            ref={field.ref}
            name={field.name}
            error={fieldMessage(t, errors[props.countryField]?.message)}
          />
        )}
      />
      <Controller
        control={control}
        name={props.stateField}
        render={({ field }) => (
          <Select
            label={t(props.billing ? 'sites.form.billingState' : 'sites.form.state')}
            withAsterisk={props.required}
            searchable
            disabled={!countryID}
            data={stateData}
            value={field.value ? String(field.value) : null}
            onChange={(value) => field.onChange(value ? Number(value) : null)}
            onBlur={field.onBlur}
            ref={field.ref}
            name={field.name}
            rightSection={states.isFetching ? <span aria-hidden>…</span> : undefined}
            error={states.isError ? t('msg.statesLoadFailed') : fieldMessage(t, errors[props.stateField]?.message)}
          />
        )}
      />
    </>
  );
}

/**
 * A zip or postal code masked for its country. On blur the trailing hyphen is trimmed and
 * the format checked ('Invalid ZIP code format. …' or 'Invalid postal code format.');
 * submitting checks again ('Invalid physical zip code entered.').
 */
function ZipInput(props: { name: ZipField; countryField: CountryField; required?: boolean; billing?: boolean }) {
  const { t } = useTranslation();
  const {
    control,
    getValues,
    setError,
    clearErrors,
    getFieldState,
    formState: { errors },
  } = useFormContext<SiteFormValues>();
  return (
    <Controller
      control={control}
      name={props.name}
      render={({ field }) => (
        <TextInput
          label={t(props.billing ? 'sites.form.billingZip' : 'sites.form.zip')}
          withAsterisk={props.required}
          autoComplete="off"
          value={field.value ?? ''}
          name={field.name}
          ref={field.ref}
          onChange={(event) => {
            field.onChange(maskZip(getValues(props.countryField), event.currentTarget.value));
            if (getFieldState(props.name).error?.type === 'blur') clearErrors(props.name);
          }}
          onBlur={() => {
            const zip = normalizeZip(field.value ?? '');
            field.onChange(zip);
            field.onBlur();
            const problem = zip ? zipFormatMessage(getValues(props.countryField), zip) : null;
            if (problem) setError(props.name, { type: 'blur', message: problem });
            else if (getFieldState(props.name).error?.type === 'blur') clearErrors(props.name);
          }}
          error={fieldMessage(t, errors[props.name]?.message)}
        />
      )}
    />
  );
}
