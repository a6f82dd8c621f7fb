import { TextInput } from '@mantine/core';
import { normalizeZip, zipFormatMessage } from '@portal/contract';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldMessage } from '../../../../i18n/messages';
import { type Address, addressFields, type SiteFormValues } from '../../siteFormValues';
import { maskZip } from '../../zip';
import { addressLabels } from './addressLabels';

/**
 * The zip or postal code of an address, masked for its country. On blur the trailing hyphen is
 * trimmed and the format checked ('Invalid ZIP code format. …' or 'Invalid postal code format.');
 * submitting checks again ('Invalid physical zip code entered.').
 */
export function ZipInput({ address, required }: { address: Address; required?: boolean }) {
  const { t } = useTranslation();
  const { control, getValues, setError, clearErrors, getFieldState } = useFormContext<SiteFormValues>();
  const { zip: name, country } = addressFields[address];
  const clearBlurError = () => {
    if (getFieldState(name).error?.type === 'blur') clearErrors(name);
  };
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextInput
          label={t(addressLabels[address].zip)}
          withAsterisk={required}
          autoComplete="off"
          value={field.value ?? ''}
          name={field.name}
          ref={field.ref}
          onChange={(event) => {
            field.onChange(maskZip(getValues(country), event.currentTarget.value));
            clearBlurError();
          }}
          onBlur={() => {
            const zip = normalizeZip(field.value ?? '');
            field.onChange(zip);
            field.onBlur();
            const problem = zip ? zipFormatMessage(getValues(country), zip) : null;
            if (problem) setError(name, { type: 'blur', message: problem });
            else clearBlurError();
          }}
          error={fieldMessage(t, fieldState.error?.message)}
        />
      )}
    />
  );
}
