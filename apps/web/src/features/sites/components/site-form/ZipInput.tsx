import { TextInput } from '@mantine/core';
import { normalizeZip, zipFormatMessage } from '@portal/contract';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldMessage } from '../../../../i18n/messages';
import type { SiteFormValues } from '../../siteFormValues';
import { maskZip } from '../../zip';

/**
 * A zip or postal code masked for its country. On blur the trailing hyphen is trimmed and
 * the format checked ('Invalid ZIP code format. …' or 'Invalid postal code format.');
 * submitting checks again ('Invalid physical zip code entered.').
 */
export function ZipInput(props: {
  name: 'physicalZip' | 'billingZip';
  countryField: 'fk_PhysicalCountryID' | 'fk_BillingCountryID';
  required?: boolean;
  billing?: boolean;
}) {
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
