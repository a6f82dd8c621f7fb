import { ActionIcon, Button, Fieldset, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { FEE_PERIODS, TAX_BASES, type TariffVersionRequest } from '@portal/contract';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Controller, type FieldError, type UseFormReturn, useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { controlledProps, fieldMessage, inputProps } from '../../../i18n/messages';
import { type TariffFormValues, newBlock, newFee, newTax } from './tariffForm';

/** The charges of a tariff version's form that are lists: electric blocks, fees and taxes. */
type ListProps = { form: UseFormReturn<TariffFormValues, unknown, TariffVersionRequest>; currency: string };

const decimal = { inputMode: 'decimal', autoComplete: 'off' } as const;

/** Electric blocks: the first kWh of a stay at one price, the next at another. */
export function BlocksFieldset({ form, currency }: ListProps) {
  const { t } = useTranslation();
  const { formState } = form;
  const input = inputProps(t, form);
  const blocks = useFieldArray({ control: form.control, name: 'electricBlocks' });
  const errors = formState.errors.electricBlocks;
  return (
    <ChargeList
      legend={t('billing.tariffs.form.blocks')}
      hint={t('billing.tariffs.form.blocksHint')}
      rows={blocks.fields}
      columns={2}
      rowLabel={(row) => t('billing.tariffs.form.blockRow', { row })}
      removeLabel={(row) => t('billing.tariffs.form.removeBlock', { row })}
      onRemove={blocks.remove}
      addLabel={t('billing.tariffs.form.addBlock')}
      onAdd={() => blocks.append(newBlock())}
      error={errors}
    >
      {(i) => (
        <>
          <TextInput label={t('billing.tariffs.form.upToKwh')} {...decimal} {...input(`electricBlocks.${i}.upToKwh`)} />
          <TextInput
            label={t('billing.tariffs.form.blockRate', { currency })}
            {...decimal}
            {...input(`electricBlocks.${i}.rate`)}
          />
        </>
      )}
    </ChargeList>
  );
}

/** Fees: an amount a stay, a night or 30 days. */
export function FeesFieldset({ form, currency }: ListProps) {
  const { t } = useTranslation();
  const { control, formState } = form;
  const input = inputProps(t, form);
  const fees = useFieldArray({ control, name: 'fees' });
  const errors = formState.errors.fees;
  return (
    <ChargeList
      legend={t('billing.tariffs.form.fees')}
      rows={fees.fields}
      columns={3}
      rowLabel={(row) => t('billing.tariffs.form.feeRow', { row })}
      removeLabel={(row) => t('billing.tariffs.form.removeFee', { row })}
      onRemove={fees.remove}
      addLabel={t('billing.tariffs.form.addFee')}
      onAdd={() => fees.append(newFee())}
      error={errors}
    >
      {(i) => (
        <>
          <TextInput label={t('billing.tariffs.form.feeName')} {...input(`fees.${i}.name`)} />
          <TextInput
            label={t('billing.tariffs.form.feeAmount', { currency })}
            {...decimal}
            {...input(`fees.${i}.amount`)}
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
        </>
      )}
    </ChargeList>
  );
}

/** Taxes: a percent of the utilities, the fees or both. */
export function TaxesFieldset({ form }: Pick<ListProps, 'form'>) {
  const { t } = useTranslation();
  const { control, formState } = form;
  const input = inputProps(t, form);
  const taxes = useFieldArray({ control, name: 'taxes' });
  const errors = formState.errors.taxes;
  return (
    <ChargeList
      legend={t('billing.tariffs.form.taxes')}
      rows={taxes.fields}
      columns={3}
      rowLabel={(row) => t('billing.tariffs.form.taxRow', { row })}
      removeLabel={(row) => t('billing.tariffs.form.removeTax', { row })}
      onRemove={taxes.remove}
      addLabel={t('billing.tariffs.form.addTax')}
      onAdd={() => taxes.append(newTax())}
      error={errors}
    >
      {(i) => (
        <>
          <TextInput label={t('billing.tariffs.form.taxName')} {...input(`taxes.${i}.name`)} />
          <TextInput label={t('billing.tariffs.form.taxPercent')} {...decimal} {...input(`taxes.${i}.percent`)} />
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
        </>
      )}
    </ChargeList>
  );
}

/**
 * A list of charges: each row's fields (numbered from 1 in their group's name) with Remove, the
 * list's own error (blocks not ascending, too many rows; on its root or on the list), and Add.
 */
function ChargeList({
  legend,
  hint,
  rows,
  columns,
  rowLabel,
  removeLabel,
  onRemove,
  addLabel,
  onAdd,
  error,
  children,
}: {
  legend: string;
  hint?: string;
  rows: ReadonlyArray<{ id: string }>;
  columns: number;
  rowLabel: (row: number) => string;
  removeLabel: (row: number) => string;
  onRemove: (index: number) => void;
  addLabel: string;
  onAdd: () => void;
  error: { message?: string; root?: FieldError } | undefined;
  children: (index: number) => ReactNode;
}) {
  const { t } = useTranslation();
  const listError = fieldMessage(t, error?.root?.message ?? error?.message);
  return (
    <Fieldset legend={legend} variant="filled">
      {hint && (
        <Text size="xs" c="dimmed" mb="xs">
          {hint}
        </Text>
      )}
      <Stack gap="xs">
        {rows.map((row, i) => (
          <Group key={row.id} role="group" aria-label={rowLabel(i + 1)} align="flex-start" gap="xs" wrap="nowrap">
            <SimpleGrid cols={{ base: 1, xs: columns }} spacing="xs" style={{ flex: 1 }}>
              {children(i)}
            </SimpleGrid>
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              mt={24}
              aria-label={removeLabel(i + 1)}
              onClick={() => onRemove(i)}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Group>
        ))}
        {listError && (
          <Text size="xs" c="red" role="alert">
            {listError}
          </Text>
        )}
        <Group>
          <Button variant="subtle" size="compact-sm" leftSection={<IconPlus size={16} aria-hidden />} onClick={onAdd}>
            {addLabel}
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}
