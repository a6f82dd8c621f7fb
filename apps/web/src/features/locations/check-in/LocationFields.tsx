import { Group, Select, Text, TextInput } from '@mantine/core';
import type { LocationRow } from '@portal/contract';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { inputProps } from '../../../i18n/messages';
import { useRole } from '../../../lib/session/useRole';
import { editRights } from '../editRights';
import { useLocationTypes } from '../hooks';
import type { LocationForm } from './locationForm';

type Props = {
  row: LocationRow;
  form: LocationForm;
  /** A guest is (or is being) checked in: description, account and type are read-only. */
  locked: boolean;
  withType: boolean;
};

/** The location's own fields: description, billing account number, type and public name, as the role may edit them. */
export function LocationFields({ row, form, locked, withType }: Props) {
  const { t } = useTranslation();
  const rights = editRights(useRole());
  const types = useLocationTypes();
  const { control } = form;
  const input = inputProps(t, form);
  return (
    <>
      {locked && row.isCheckedInState && (
        <Text size="sm" c="dimmed">
          {t('msg.checkedInReadOnly')}
        </Text>
      )}
      <TextInput
        label={t('locations.fields.description')}
        readOnly={locked || !rights.description}
        variant={locked || !rights.description ? 'filled' : 'default'}
        withAsterisk={!locked}
        {...input('locationDescription')}
      />
      <Group grow wrap="wrap" align="flex-start">
        <TextInput
          label={t('locations.fields.accountNumber')}
          readOnly={locked || !rights.accountNumber}
          variant={locked || !rights.accountNumber ? 'filled' : 'default'}
          {...input('billingAccountNumber')}
        />
        {withType && (
          <Controller
            control={control}
            name="locationType"
            render={({ field }) => (
              <Select
                label={t('locations.fields.type')}
                data={(types.data ?? []).map((ty) => ({
                  value: String(ty.locationTypeId),
                  label: ty.locationTypeName,
                }))}
                value={field.value}
                onChange={field.onChange}
                readOnly={locked || !rights.locationType}
                variant={locked || !rights.locationType ? 'filled' : 'default'}
                clearable={!locked && rights.locationType}
                placeholder={types.isPending ? t('common.loading') : undefined}
                comboboxProps={{ withinPortal: true }}
              />
            )}
          />
        )}
      </Group>
      <TextInput
        label={t('locations.fields.publicName')}
        description={t('locations.fields.publicNameHint')}
        readOnly={locked || !rights.publicName}
        variant={locked || !rights.publicName ? 'filled' : 'default'}
        {...input('locationPublicName')}
      />
    </>
  );
}
