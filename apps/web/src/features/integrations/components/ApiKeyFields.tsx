import { MultiSelect, TextInput } from '@mantine/core';
import { API_KEY_SCOPES, type CreateApiKeyRequest, type IdValue } from '@portal/contract';
import { useState } from 'react';
import { Controller, useController, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { idsSelectProps, inputProps } from '../../../i18n/messages';
import { toWallTime } from '../../../lib/wallTime';
import type { ApiKeyFormValues } from '../apiKeyForm';
import { scopeKeys } from '../scopes';
import { CodeChecklist } from './CodeChecklist';

const DAY_MS = 24 * 60 * 60_000;

/** The fields of a new key: name, properties of the business, scopes (each explained), optional expiry day. */
export function ApiKeyFields({
  form,
  properties,
  timeZone,
}: {
  form: UseFormReturn<ApiKeyFormValues, unknown, CreateApiKeyRequest>;
  properties: IdValue[];
  timeZone: string;
}) {
  const { t } = useTranslation();
  const { control } = form;
  const scopes = useController({ control, name: 'scopes' });
  const input = inputProps(t, form);
  // the earliest expiry: the key stops as the chosen day begins, so tomorrow
  const [tomorrow] = useState(() => toWallTime(new Date(Date.now() + DAY_MS), timeZone).slice(0, 10));

  return (
    <>
      <TextInput
        label={t('integrations.form.name')}
        description={t('integrations.form.nameHint')}
        withAsterisk
        autoComplete="off"
        data-autofocus
        {...input('name')}
      />
      <Controller
        control={control}
        name="siteIDs"
        render={({ field, fieldState }) => (
          <MultiSelect
            label={t('integrations.form.properties')}
            description={t('integrations.form.propertiesHint')}
            placeholder={t('msg.selectPropertyPlaceholder')}
            data={properties.map((p) => ({ value: String(p.id), label: p.value }))}
            searchable
            hidePickedOptions
            nothingFoundMessage={t('msg.noData')}
            withAsterisk
            {...idsSelectProps(t, field, fieldState)}
          />
        )}
      />
      <CodeChecklist
        {...scopes}
        codes={API_KEY_SCOPES}
        text={(scope) => ({
          name: t(`integrations.scopes.${scopeKeys[scope]}`),
          hint: t(`integrations.scopeHints.${scopeKeys[scope]}`),
        })}
        label={t('integrations.form.scopes')}
        description={t('integrations.form.scopesHint')}
      />
      <TextInput
        type="date"
        label={t('integrations.form.expires')}
        description={t('integrations.form.expiresHint', { zone: timeZone })}
        min={tomorrow}
        {...input('expiresAt')}
      />
    </>
  );
}
