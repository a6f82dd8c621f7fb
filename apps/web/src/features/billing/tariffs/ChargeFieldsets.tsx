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
  const input = inputProps(t, form);
  const blocks = useFieldArray({ control: form.control, name: 'electricBlocks' });
  return (
    <ChargeList
      charge="block"
      hint={t('billing.tariffs.form.blocksHint')}
      list={blocks}
      onAdd={() => blocks.append(newBlock())}
      error={form.formState.errors.electricBlocks}
      columns={2}
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
  const { control } = form;
  const input = inputProps(t, form);
  const fees = useFieldArray({ control, name: 'fees' });
  return (
    <ChargeList charge="fee" list={fees} onAdd={() => fees.append(newFee())} error={form.formState.errors.fees}>
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
  const { control } = form;
  const input = inputProps(t, form);
  const taxes = useFieldArray({ control, name: 'taxes' });
  return (
    <ChargeList charge="tax" list={taxes} onAdd={() => taxes.append(newTax())} error={form.formState.errors.taxes}>
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

/** The texts of each list of charges: its legend, a row's name, and its Remove and Add buttons. */
const chargeTexts = {
  block: {
    legend: 'billing.tariffs.form.blocks',
    row: 'billing.tariffs.form.blockRow',
    remove: 'billing.tariffs.form.removeBlock',
    add: 'billing.tariffs.form.addBlock',
  },
  fee: {
    legend: 'billing.tariffs.form.fees',
    row: 'billing.tariffs.form.feeRow',
    remove: 'billing.tariffs.form.removeFee',
    add: 'billing.tariffs.form.addFee',
  },
  tax: {
    legend: 'billing.tariffs.form.taxes',
    row: 'billing.tariffs.form.taxRow',
    remove: 'billing.tariffs.form.removeTax',
    add: 'billing.tariffs.form.addTax',
  },
} as const;

/**
 * A list of charges: each row's fields (numbered from 1 in their group's name) with Remove, the
 * list's own error (blocks not ascending, too many rows; on its root or on the list), and Add.
 */
function ChargeList({
  charge,
  hint,
  list,
  onAdd,
  error,
  columns = 3,
  children,
}: {
  charge: keyof typeof chargeTexts;
  hint?: string;
  list: { fields: ReadonlyArray<{ id: string }>; remove: (index: number) => void };
  onAdd: () => void;
  error: { message?: string; root?: FieldError } | undefined;
  columns?: number;
  children: (index: number) => ReactNode;
}) {
  const { t } = useTranslation();
  const texts = chargeTexts[charge];
  const listError = fieldMessage(t, error?.root?.message ?? error?.message);
  return (
    <Fieldset legend={t(texts.legend)} variant="filled">
      {hint && (
        <Text size="xs" c="dimmed" mb="xs">
          {hint}
        </Text>
      )}
      <Stack gap="xs">
        {list.fields.map((row, i) => (
          <Group
            key={row.id}
            role="group"
            aria-label={t(texts.row, { row: i + 1 })}
            align="flex-start"
            gap="xs"
            wrap="nowrap"
          >
            <SimpleGrid cols={{ base: 1, xs: columns }} spacing="xs" style={{ flex: 1 }}>
              {children(i)}
            </SimpleGrid>
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              mt={24}
              aria-label={t(texts.remove, { row: i + 1 })}
              onClick={() => list.remove(i)}
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
            {t(texts.add)}
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}
