import { Select } from '@mantine/core';
import { useState } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { idSelectProps } from '../../../../i18n/messages';
import { useStates } from '../../hooks';
import { type Address, addressFields, type SiteFormValues } from '../../siteFormValues';
import { stateMemory } from '../../stateMemory';
import { addressLabels } from './addressLabels';

/**
 * Country and state of an address: the states are reloaded whenever the country changes, and
 * the state shown is the one chosen for that country earlier in this dialog, or none.
 */
export function CountryAndState(props: {
  address: Address;
  countryData: Array<{ value: string; label: string }>;
  required?: boolean;
}) {
  const { t } = useTranslation();
  const {
    control,
    getValues,
    setValue,
    clearErrors,
    getFieldState,
    formState: { isSubmitted },
  } = useFormContext<SiteFormValues>();
  const fields = addressFields[props.address];
  const labels = addressLabels[props.address];
  const [switchCountry] = useState(stateMemory);
  const countryID = useWatch({ control, name: fields.country });
  const states = useStates(countryID);
  const stateData = (states.data ?? []).map((s) => ({ value: String(s.stateID), label: s.stateName }));

  return (
    <>
      <Controller
        control={control}
        name={fields.country}
        render={({ field, fieldState }) => (
          <Select
            label={t(labels.country)}
            withAsterisk={props.required}
            searchable
            data={props.countryData}
            {...idSelectProps(t, field, fieldState)}
            onChange={(value) => {
              const next = value ? Number(value) : null;
              if (next === field.value) return;
              const state = switchCountry({ country: field.value, state: getValues(fields.state) }, next);
              field.onChange(next);
              setValue(fields.state, state, { shouldValidate: isSubmitted });
              if (getFieldState(fields.zip).error?.type === 'blur') clearErrors(fields.zip);
            }}
          />
        )}
      />
      <Controller
        control={control}
        name={fields.state}
        render={({ field, fieldState }) => {
          const select = idSelectProps(t, field, fieldState);
          return (
            <Select
              label={t(labels.state)}
              withAsterisk={props.required}
              searchable
              disabled={!countryID}
              data={stateData}
              {...select}
              rightSection={states.isFetching ? <span aria-hidden>…</span> : undefined}
              error={states.isError ? t('msg.statesLoadFailed') : select.error}
            />
          );
        }}
      />
    </>
  );
}
