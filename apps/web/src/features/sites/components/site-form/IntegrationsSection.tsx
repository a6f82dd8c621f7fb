import { ActionIcon, Anchor, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { type SiteIntegration, type SitePartner, managesProperties } from '@portal/contract';
import { IconKey, IconPlus, IconTrash } from '@tabler/icons-react';
import { Controller, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { fieldMessage } from '../../../../i18n/messages';
import { useRole } from '../../../../lib/session/useRole';
import { type SiteFormValues, nextFreePartner, rowIntegrationKey } from '../../siteFormValues';

type Props = {
  partners: SitePartner[];
  /** The property's saved integrations: their keys stay when the property is renamed. */
  storedIntegrations: SiteIntegration[];
  stateAbbreviation: string;
};

/**
 * Each partner at most once per property; the key is derived and read-only. Who makes API keys
 * (an Administrator, a Site Owner) finds the business's on the Integrations page, linked here.
 */
export function IntegrationsSection({ partners, storedIntegrations, stateAbbreviation }: Props) {
  const { t } = useTranslation();
  const {
    control,
    setValue,
    formState: { errors },
  } = useFormContext<SiteFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'integrations' });
  const rows = useWatch({ control, name: 'integrations' }) ?? [];
  const propertyName = useWatch({ control, name: 'sitePublicName' }) ?? '';
  const busEntityID = useWatch({ control, name: 'fk_BusEntityID' });
  const keysPage = busEntityID ? `/Integrations?business=${busEntityID}` : '/Integrations';
  const makesKeys = managesProperties(useRole());
  const next = nextFreePartner(partners, rows);
  const storedKey = (partnerID: number) =>
    storedIntegrations.find((integration) => integration.partnerID === partnerID)?.propertyKey ?? null;
  const partnerName = (partnerID: number) => partners.find((p) => p.partnerID === partnerID)?.partnerName ?? '';

  return (
    <Stack gap="sm">
      {fields.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('sites.form.noIntegrations')}
        </Text>
      )}
      {fields.map((item, index) => {
        const row = rows[index] ?? item;
        const taken = new Set(rows.filter((_, i) => i !== index).map((r) => r.partnerID));
        const rowErrors = errors.integrations?.[index];
        return (
          <Group key={item.id} align="flex-start" gap="sm" wrap="wrap">
            <Controller
              control={control}
              name={`integrations.${index}.partnerID`}
              render={({ field }) => (
                <Select
                  label={t('sites.form.partner')}
                  withAsterisk
                  style={{ flex: '1 1 180px' }}
                  data={partners
                    .filter((p) => !taken.has(p.partnerID))
                    .map((p) => ({ value: String(p.partnerID), label: p.partnerName }))}
                  value={String(field.value)}
                  allowDeselect={false}
                  onChange={(value) => {
                    if (!value) return;
                    field.onChange(Number(value));
                    setValue(`integrations.${index}.propertyKey`, storedKey(Number(value)));
                  }}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  name={field.name}
                  error={fieldMessage(t, rowErrors?.partnerID?.message)}
                />
              )}
            />
            <TextInput
              label={t('sites.form.integrationKey')}
              style={{ flex: '2 1 220px' }}
              readOnly
              variant="filled"
              value={rowIntegrationKey(row, partners, propertyName, stateAbbreviation)}
              error={fieldMessage(t, rowErrors?.propertyKey?.message)}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              mt={25}
              aria-label={t('sites.form.removeIntegration', { name: partnerName(row.partnerID) })}
              onClick={() => remove(index)}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Group>
        );
      })}
      <Group gap="sm">
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          disabled={!next}
          onClick={() => next && append({ partnerID: next.partnerID, propertyKey: storedKey(next.partnerID) })}
        >
          {t('sites.form.addIntegration')}
        </Button>
        {!next && partners.length > 0 && (
          <Text size="sm" c="dimmed">
            {t('sites.form.allPartnersUsed')}
          </Text>
        )}
      </Group>
      {makesKeys && (
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <IconKey size={16} aria-hidden style={{ flex: 'none', marginTop: 3 }} />
          <Text size="sm">
            {t('sites.form.integrationsLink')}{' '}
            <Anchor component={Link} to={keysPage} inherit>
              {t('nav.integrations')}
            </Anchor>
          </Text>
        </Group>
      )}
    </Stack>
  );
}
