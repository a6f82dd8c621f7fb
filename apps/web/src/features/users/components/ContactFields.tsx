import { SimpleGrid, Switch, TextInput } from '@mantine/core';
import { EXTENSION_MAX_DIGITS, type UserAccount, maskPhone } from '@portal/contract';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { controlledProps, inputProps } from '../../../i18n/messages';
import type { UserAccountForm } from '../userForm';

type Props = { form: UserAccountForm; account: UserAccount | null; readOnly: boolean };

/**
 * The account's person: names, e-mail (read-only once the account exists), phones with the
 * (999) 999-9999 mask, extension; whether an existing account is active.
 */
export function ContactFields({ form, account, readOnly }: Props) {
  const { t } = useTranslation();
  const { control } = form;
  const input = inputProps(t, form);

  const phone = (name: 'cellPhone' | 'businessPhone', label: string) => (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextInput
          label={label}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="(999) 999-9999"
          readOnly={readOnly}
          {...controlledProps(t, field, fieldState)}
          value={field.value ?? ''}
          onChange={(event) => field.onChange(maskPhone(event.currentTarget.value))}
        />
      )}
    />
  );

  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <TextInput
          label={t('users.fields.firstName')}
          autoComplete="off"
          withAsterisk={!readOnly}
          readOnly={readOnly}
          {...input('firstName')}
        />
        <TextInput
          label={t('users.fields.middleName')}
          autoComplete="off"
          readOnly={readOnly}
          {...input('middleName')}
        />
        <TextInput
          label={t('users.fields.lastName')}
          autoComplete="off"
          withAsterisk={!readOnly}
          readOnly={readOnly}
          {...input('lastName')}
        />
      </SimpleGrid>
      <TextInput
        label={t('users.fields.email')}
        type="email"
        autoComplete="off"
        withAsterisk={account === null}
        readOnly={account !== null}
        description={account !== null && !readOnly ? t('users.fields.emailReadOnly') : undefined}
        {...input('email')}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        {phone('cellPhone', t('users.fields.cellPhone'))}
        {phone('businessPhone', t('users.fields.businessPhone'))}
        <TextInput
          label={t('users.fields.businessExt')}
          inputMode="numeric"
          maxLength={EXTENSION_MAX_DIGITS}
          autoComplete="off"
          readOnly={readOnly}
          {...input('businessExt')}
        />
      </SimpleGrid>
      {account !== null && (
        <Controller
          control={control}
          name="active"
          render={({ field }) => (
            <Switch
              label={t('users.fields.active')}
              checked={field.value ?? true}
              onChange={(event) => field.onChange(event.currentTarget.checked)}
              onBlur={field.onBlur}
              ref={field.ref}
              disabled={readOnly}
            />
          )}
        />
      )}
    </>
  );
}
