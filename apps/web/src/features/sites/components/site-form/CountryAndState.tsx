import { Select } from '@mantine/core';
import { useState } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldMessage } from '../../../../i18n/messages';
import { useStates } from '../../hooks';
import type { SiteFormValues } from '../../siteFormValues';
import { stateMemory } from '../../stateMemory';

type CountryField = 'fk_PhysicalCountryID' | 'fk_BillingCountryID';
type StateField = 'fk_PhysicalStateID' | 'fk_BillingStateID';
type ZipField = 'physicalZip' | 'billingZip';

/**
 * Country and state: the states are reloaded whenever the country changes, and the state
 * shown is the one chosen for that country earlier in this dialog, or none.
 */
export function CountryAndState(props: {
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
