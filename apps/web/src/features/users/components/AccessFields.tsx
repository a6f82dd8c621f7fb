import { MultiSelect, Select } from '@mantine/core';
import { Role, type UserAccount, rolesAssignableBy } from '@portal/contract';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { idSelectProps, idsSelectProps } from '../../../i18n/messages';
import { useBusinessOptions, usePropertyOptions } from '../hooks';
import type { Caller, UserAccountForm } from '../userForm';

type Props = { form: UserAccountForm; account: UserAccount | null; caller: Caller; readOnly: boolean };

/**
 * The account's role, and for an Administrator its business; a Site Manager's properties, of
 * that business or of the Site Owner's own. Changing the role or the business clears the properties.
 */
export function AccessFields({ form, account, caller, readOnly }: Props) {
  const { t } = useTranslation();
  const { control, setValue } = form;
  const isAdmin = caller.roleID === Role.Administrator;
  const roleID = useWatch({ control, name: 'roleID' });
  const busEntityID = useWatch({ control, name: 'busEntityID' });
  const isSiteManager = roleID === Role.SiteManager;

  const businesses = useBusinessOptions(isAdmin && !readOnly);
  const propertySource = !isSiteManager
    ? null
    : isAdmin
      ? busEntityID
        ? { busEntityID }
        : null
      : { userAccountID: caller.userAccountID };
  const properties = usePropertyOptions(readOnly ? null : propertySource);

  const currentRole = account?.roles[0]?.roleID;
  const roleChoices = rolesAssignableBy(caller.roleID).concat(
    readOnly && currentRole !== undefined && currentRole !== Role.None ? [currentRole as 1 | 2 | 3] : [],
  );
  const roleData = [...new Set(roleChoices)].map((id) => ({ value: String(id), label: t(`roles.${id}`) }));

  const businessData = (businesses.data ?? []).map((b) => ({ value: String(b.id), label: b.value }));
  if (account?.busEntityID && !businessData.some((b) => b.value === String(account.busEntityID))) {
    businessData.push({
      value: String(account.busEntityID),
      label: account.busEntityName ?? String(account.busEntityID),
    });
  }
  const propertyData = (properties.data ?? []).map((p) => ({ value: String(p.id), label: p.value }));
  for (const site of account?.userAccountSites ?? []) {
    const sameBusiness = !isAdmin || busEntityID === account?.busEntityID;
    if (sameBusiness && !propertyData.some((p) => p.value === String(site.key))) {
      propertyData.push({ value: String(site.key), label: site.value });
    }
  }

  return (
    <>
      <Controller
        control={control}
        name="roleID"
        render={({ field, fieldState }) => (
          <Select
            label={t('users.fields.role')}
            placeholder={t('users.fields.rolePlaceholder')}
            data={roleData}
            {...idSelectProps(t, field, fieldState, (role) => {
              if (role !== Role.SiteManager) setValue('siteIDs', []);
            })}
            readOnly={readOnly}
            withAsterisk={!readOnly}
            allowDeselect={false}
          />
        )}
      />
      {isAdmin && (
        <Controller
          control={control}
          name="busEntityID"
          render={({ field, fieldState }) => {
            const select = idSelectProps(t, field, fieldState, (id) => {
              if (id !== field.value) setValue('siteIDs', []);
            });
            return (
              <Select
                label={t('users.fields.business')}
                placeholder={t('msg.selectBusinessPlaceholder')}
                data={businessData}
                searchable
                nothingFoundMessage={t('msg.noData')}
                {...select}
                readOnly={readOnly}
                withAsterisk={!readOnly}
                allowDeselect={false}
                error={select.error ?? (businesses.isError ? t('msg.businessesLoadFailed') : undefined)}
              />
            );
          }}
        />
      )}
      {isSiteManager && (
        <Controller
          control={control}
          name="siteIDs"
          render={({ field, fieldState }) => {
            const select = idsSelectProps(t, field, fieldState);
            return (
              <MultiSelect
                label={t('users.fields.properties')}
                placeholder={
                  isAdmin && !busEntityID && !readOnly
                    ? t('users.fields.chooseBusinessFirst')
                    : t('msg.selectPropertyPlaceholder')
                }
                data={propertyData}
                searchable
                hidePickedOptions
                nothingFoundMessage={t('msg.noData')}
                {...select}
                readOnly={readOnly}
                disabled={!readOnly && isAdmin && !busEntityID}
                withAsterisk={!readOnly}
                error={select.error ?? (properties.isError ? t('msg.propertiesLoadFailed') : undefined)}
              />
            );
          }}
        />
      )}
    </>
  );
}
