import {
  ActionIcon,
  Button,
  Fieldset,
  Group,
  NativeSelect,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { FEE_PERIODS, TAX_BASES, type TariffVersion, type TariffVersionRequest } from '@portal/contract';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useMemo, useState } from 'react';
import {
  Controller,
  type FieldError as FormFieldError,
  type Path,
  useFieldArray,
  useForm,
  useWatch,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/apiError';
import { applyFieldErrors } from '../../../lib/formErrors';
import { controlledProps, errorMessage, fieldMessage, serverText } from '../../../i18n/messages';
import { DialogActions } from '../../../ui/DialogActions';
import { toast } from '../../../ui/toast';
import { useCreateTariff } from '../hooks';
import { currencyOptions } from './currencies';
import {
  type TariffFormValues,
  fieldNames,
  formFieldErrors,
  initialValues,
  newBlock,
  newFee,
  newTax,
  tariffResolver,
} from './tariffForm';
import { toWallTime } from '../../../lib/wallTime';

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
  const {
    register,
    control,
    handleSubmit,
    setError,
    getValues,
    formState: { errors },
  } = useForm<TariffFormValues, unknown, TariffVersionRequest>({
    resolver,
    defaultValues: initialValues(newest),
  });
  const starts = useWatch({ control, name: 'starts' });
  const currency = useWatch({ control, name: 'currency' });
  const blocks = useFieldArray({ control, name: 'electricBlocks' });
  const fees = useFieldArray({ control, name: 'fees' });
  const taxes = useFieldArray({ control, name: 'taxes' });
  const message = (error: FormFieldError | undefined) => fieldMessage(t, error?.message);
  const listError = (error: { message?: string; root?: FormFieldError } | undefined) =>
    fieldMessage(t, error?.root?.message ?? error?.message);

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
            {...register('effectiveFrom')}
            error={message(errors.effectiveFrom)}
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
                value={field.value}
                onChange={(next) => next && field.onChange(next)}
                onBlur={field.onBlur}
                ref={field.ref}
                allowDeselect={false}
                searchable
                withAsterisk
                error={message(fieldState.error)}
                comboboxProps={{ withinPortal: true }}
              />
            )}
          />
          <TextInput
            label={t('billing.tariffs.form.electricRate', { currency })}
            withAsterisk
            {...decimal}
            {...register('electricRate')}
            error={message(errors.electricRate)}
          />
          <TextInput
            label={t('billing.tariffs.form.waterRate', { currency })}
            withAsterisk
            {...decimal}
            {...register('waterRate')}
            error={message(errors.waterRate)}
          />
        </SimpleGrid>

        <Fieldset legend={t('billing.tariffs.form.blocks')} variant="filled">
          <Text size="xs" c="dimmed" mb="xs">
            {t('billing.tariffs.form.blocksHint')}
          </Text>
          <Stack gap="xs">
            {blocks.fields.map((row, i) => (
              <Row
                key={row.id}
                label={t('billing.tariffs.form.blockRow', { row: i + 1 })}
                removeLabel={t('billing.tariffs.form.removeBlock', { row: i + 1 })}
                onRemove={() => blocks.remove(i)}
              >
                <TextInput
                  label={t('billing.tariffs.form.upToKwh')}
                  {...decimal}
                  {...register(`electricBlocks.${i}.upToKwh`)}
                  error={message(errors.electricBlocks?.[i]?.upToKwh)}
                />
                <TextInput
                  label={t('billing.tariffs.form.blockRate', { currency })}
                  {...decimal}
                  {...register(`electricBlocks.${i}.rate`)}
                  error={message(errors.electricBlocks?.[i]?.rate)}
                />
              </Row>
            ))}
            <ListError message={listError(errors.electricBlocks)} />
            <AddButton label={t('billing.tariffs.form.addBlock')} onClick={() => blocks.append(newBlock())} />
          </Stack>
        </Fieldset>

        <Fieldset legend={t('billing.tariffs.form.fees')} variant="filled">
          <Stack gap="xs">
            {fees.fields.map((row, i) => (
              <Row
                key={row.id}
                label={t('billing.tariffs.form.feeRow', { row: i + 1 })}
                removeLabel={t('billing.tariffs.form.removeFee', { row: i + 1 })}
                onRemove={() => fees.remove(i)}
              >
                <TextInput
                  label={t('billing.tariffs.form.feeName')}
                  {...register(`fees.${i}.name`)}
                  error={message(errors.fees?.[i]?.name)}
                />
                <TextInput
                  label={t('billing.tariffs.form.feeAmount', { currency })}
                  {...decimal}
                  {...register(`fees.${i}.amount`)}
                  error={message(errors.fees?.[i]?.amount)}
                />
                <Controller
                  control={control}
                  name={`fees.${i}.per`}
                  render={({ field, fieldState }) => (
                    <NativeSelect
                      label={t('billing.tariffs.form.feePer')}
                      data={FEE_PERIODS.map((per) => ({ value: per, label: t(`billing.per.${per}`) }))}
                      {...controlledProps(t, field, fieldState)}
                    />
                  )}
                />
              </Row>
            ))}
            <ListError message={listError(errors.fees)} />
            <AddButton label={t('billing.tariffs.form.addFee')} onClick={() => fees.append(newFee())} />
          </Stack>
        </Fieldset>

        <TextInput
          label={t('billing.tariffs.form.minimumCharge', { currency })}
          description={t('billing.tariffs.form.minimumHint')}
          {...decimal}
          {...register('minimumCharge')}
          error={message(errors.minimumCharge)}
          maw={320}
        />

        <Fieldset legend={t('billing.tariffs.form.taxes')} variant="filled">
          <Stack gap="xs">
            {taxes.fields.map((row, i) => (
              <Row
                key={row.id}
                label={t('billing.tariffs.form.taxRow', { row: i + 1 })}
                removeLabel={t('billing.tariffs.form.removeTax', { row: i + 1 })}
                onRemove={() => taxes.remove(i)}
              >
                <TextInput
                  label={t('billing.tariffs.form.taxName')}
                  {...register(`taxes.${i}.name`)}
                  error={message(errors.taxes?.[i]?.name)}
                />
                <TextInput
                  label={t('billing.tariffs.form.taxPercent')}
                  {...decimal}
                  {...register(`taxes.${i}.percent`)}
                  error={message(errors.taxes?.[i]?.percent)}
                />
                <Controller
                  control={control}
                  name={`taxes.${i}.appliesTo`}
                  render={({ field, fieldState }) => (
                    <NativeSelect
                      label={t('billing.tariffs.form.taxAppliesTo')}
                      data={TAX_BASES.map((base) => ({ value: base, label: t(`billing.tariffs.form.base.${base}`) }))}
                      {...controlledProps(t, field, fieldState)}
                    />
                  )}
                />
              </Row>
            ))}
            <ListError message={listError(errors.taxes)} />
            <AddButton label={t('billing.tariffs.form.addTax')} onClick={() => taxes.append(newTax())} />
          </Stack>
        </Fieldset>

        <DialogActions onCancel={onCancel}>
          <Button type="submit" loading={create.isPending}>
            {t('billing.tariffs.form.save')}
          </Button>
        </DialogActions>
      </Stack>
    </form>
  );
}

/** One row of a list (a block, a fee, a tax): its fields, named as a group, and Remove. */
function Row({
  label,
  removeLabel,
  onRemove,
  children,
}: {
  label: string;
  removeLabel: string;
  onRemove: () => void;
  children: ReactNode;
}) {
  return (
    <Group role="group" aria-label={label} align="flex-start" gap="xs" wrap="nowrap">
      <SimpleGrid
        cols={{ base: 1, xs: Array.isArray(children) ? children.length : 1 }}
        spacing="xs"
        style={{ flex: 1 }}
      >
        {children}
      </SimpleGrid>
      <ActionIcon variant="subtle" color="red" size="lg" mt={24} aria-label={removeLabel} onClick={onRemove}>
        <IconTrash size={18} aria-hidden />
      </ActionIcon>
    </Group>
  );
}

function AddButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Group>
      <Button variant="subtle" size="compact-sm" leftSection={<IconPlus size={16} aria-hidden />} onClick={onClick}>
        {label}
      </Button>
    </Group>
  );
}

function ListError({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <Text size="xs" c="red" role="alert">
      {message}
    </Text>
  );
}
