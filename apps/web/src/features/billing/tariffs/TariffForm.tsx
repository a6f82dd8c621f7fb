import { Group, Radio, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { TariffVersion, TariffVersionRequest } from '@portal/contract';
import { useMemo, useState } from 'react';
import { Controller, type Path, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/apiError';
import { applyFieldErrors } from '../../../lib/formErrors';
import { toWallTime } from '../../../lib/wallTime';
import { controlledProps, errorMessage, inputProps, serverText } from '../../../i18n/messages';
import { SubmitActions } from '../../../ui/DialogActions';
import { toast } from '../../../ui/toast';
import { useCreateTariff } from '../hooks';
import { currencyOptions } from './currencies';
import { type TariffFormValues, fieldNames, formFieldErrors, initialValues, tariffResolver } from './tariffForm';
import { BlocksFieldset, FeesFieldset, TaxesFieldset } from './ChargeFieldsets';

type Site = { siteID: number; timeZone: string };

/**
 * A new tariff version: from now or from a moment in the property's zone, its currency, the
 * electric rate with optional blocks, the water rate, fees, a minimum charge and taxes. It
 * starts as a copy of the newest version. Checked with the contract's schema; the server's
 * field errors land on their fields.
 */
export function TariffForm({
  site,
  newest,
  onCancel,
  onSaved,
}: {
  site: Site;
  newest: TariffVersion | undefined;
  onCancel: () => void;
  onSaved: () => void;
}) {
  const { t, i18n } = useTranslation();
  const create = useCreateTariff(site.siteID);
  const [now] = useState(() => new Date());
  const resolver = useMemo(() => tariffResolver(site.siteID, site.timeZone), [site.siteID, site.timeZone]);
  const form = useForm<TariffFormValues, unknown, TariffVersionRequest>({
    resolver,
    defaultValues: initialValues(newest),
  });
  const { control, handleSubmit, setError, getValues } = form;
  const input = inputProps(t, form);
  const starts = useWatch({ control, name: 'starts' });
  const currency = useWatch({ control, name: 'currency' });

  const onSubmit = handleSubmit((request) =>
    create.mutate(request, {
      onSuccess: (answer) => {
        toast.success(serverText(t, answer, 'tariffCreated'));
        onSaved();
      },
      onError: (error) => {
        const onFields = error instanceof ApiError && error.fields.length > 0;
        if (onFields) {
          const fields = fieldNames(getValues()) as Array<Path<TariffFormValues>>;
          applyFieldErrors(error.withFields(formFieldErrors(error.fields)), setError, fields);
        }
        toast.error(onFields ? t('billing.tariffs.form.saveFailed') : errorMessage(t, error));
      },
    }),
  );

  const decimal = { inputMode: 'decimal', autoComplete: 'off' } as const;

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-labelledby="tariff-form-title">
      <Stack gap="md">
        <Text fw={600} id="tariff-form-title">
          {t('billing.tariffs.form.title')}
        </Text>
        <Controller
          control={control}
          name="starts"
          render={({ field }) => (
            <Radio.Group label={t('billing.tariffs.form.starts')} value={field.value} onChange={field.onChange}>
              <Group mt={4}>
                <Radio value="now" label={t('billing.tariffs.form.now')} />
                <Radio value="at" label={t('billing.tariffs.form.at')} />
              </Group>
            </Radio.Group>
          )}
        />
        {starts === 'at' && (
          <TextInput
            type="datetime-local"
            label={t('billing.tariffs.form.effectiveFrom', { zone: site.timeZone })}
            min={toWallTime(now, site.timeZone)}
            withAsterisk
            {...input('effectiveFrom')}
          />
        )}
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <Controller
            control={control}
            name="currency"
            render={({ field, fieldState }) => (
              <Select
                label={t('billing.tariffs.form.currency')}
                data={currencyOptions(i18n.language, field.value)}
                {...controlledProps(t, field, fieldState)}
                onChange={(next) => next && field.onChange(next)}
                allowDeselect={false}
                searchable
                withAsterisk
                comboboxProps={{ withinPortal: true }}
              />
            )}
          />
          <TextInput
            label={t('billing.tariffs.form.electricRate', { currency })}
            withAsterisk
            {...decimal}
            {...input('electricRate')}
          />
          <TextInput
            label={t('billing.tariffs.form.waterRate', { currency })}
            withAsterisk
            {...decimal}
            {...input('waterRate')}
          />
        </SimpleGrid>

        <BlocksFieldset form={form} currency={currency} />
        <FeesFieldset form={form} currency={currency} />

        <TextInput
          label={t('billing.tariffs.form.minimumCharge', { currency })}
          description={t('billing.tariffs.form.minimumHint')}
          {...decimal}
          {...input('minimumCharge')}
          maw={320}
        />

        <TaxesFieldset form={form} />

        <SubmitActions onCancel={onCancel} label={t('billing.tariffs.form.save')} loading={create.isPending} />
      </Stack>
    </form>
  );
}
