import { Autocomplete, Fieldset, Group, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { GUEST_SEARCH_MIN_CHARS, maskGuestPhone } from '@portal/contract';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { controlledProps, inputProps } from '../../../i18n/messages';
import { useGuestSearch } from '../hooks';
import type { LocationForm } from './locationForm';

/**
 * The guest: phone with the (000) 000-0000 mask and a search of known guests from 3
 * characters on (picking one fills the guest fields), first and last name, email.
 */
export function GuestFields({ form }: { form: LocationForm }) {
  const { t } = useTranslation();
  const { control, setValue } = form;
  const input = inputProps(t, form);
  const phone = useWatch({ control, name: 'guest.mobileNumber' });
  const [search] = useDebouncedValue(phone, 300);
  const digits = search.replace(/\D/g, '');
  const guests = useGuestSearch(
    search,
    digits.length >= GUEST_SEARCH_MIN_CHARS && search.length >= GUEST_SEARCH_MIN_CHARS,
  );
  const found = guests.data ?? [];
  const options = [...new Map(found.map((g) => [g.mobileNumber, g])).values()];

  const fill = (mobileNumber: string) => {
    const guest = found.find((g) => g.mobileNumber === mobileNumber);
    if (!guest) return;
    const opts = { shouldValidate: true, shouldDirty: true };
    setValue('guest.guestID', guest.guestID, opts);
    setValue('guest.mobileNumber', guest.mobileNumber, opts);
    setValue('guest.firstName', guest.firstName, opts);
    setValue('guest.lastName', guest.lastName ?? '', opts);
    setValue('guest.email', guest.email ?? '', opts);
  };

  return (
    <Fieldset legend={t('checkIn.guest')} variant="filled" p="sm">
      <Stack gap="xs">
        <Controller
          control={control}
          name="guest.mobileNumber"
          render={({ field, fieldState }) => (
            <Autocomplete
              label={t('checkIn.phone')}
              placeholder="(000) 000-0000"
              inputMode="tel"
              autoComplete="off"
              {...controlledProps(t, field, fieldState)}
              onChange={(value) => {
                const masked = maskGuestPhone(value);
                // A changed number is a new guest; picking a found guest keeps the one just filled in.
                if (masked !== field.value) setValue('guest.guestID', null);
                field.onChange(masked);
              }}
              onOptionSubmit={fill}
              data={options.map((g) => ({ value: g.mobileNumber, label: g.mobileNumber }))}
              renderOption={({ option }) => {
                const g = options.find((o) => o.mobileNumber === option.value);
                return (
                  <div>
                    <Text size="sm">{option.value}</Text>
                    {g && (
                      <Text size="xs" c="dimmed">
                        {[g.firstName, g.lastName].filter(Boolean).join(' ')} {g.email ? `· ${g.email}` : ''}
                      </Text>
                    )}
                  </div>
                );
              }}
              filter={({ options: all }) => all}
              description={t('checkIn.phoneHint')}
              comboboxProps={{ withinPortal: true }}
            />
          )}
        />
        <Group grow wrap="wrap" align="flex-start">
          <TextInput label={t('checkIn.firstName')} autoComplete="off" {...input('guest.firstName')} />
          <TextInput label={t('checkIn.lastName')} autoComplete="off" {...input('guest.lastName')} />
        </Group>
        <TextInput label={t('checkIn.email')} type="email" autoComplete="off" {...input('guest.email')} />
      </Stack>
    </Fieldset>
  );
}
