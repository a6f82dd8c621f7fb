import { ActionIcon, Button, Fieldset, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { FEE_PERIODS, TAX_BASES, type TariffVersionRequest } from '@portal/contract';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Controller, type FieldError, type UseFormReturn, useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { controlledProps, fieldMessage } from '../../../i18n/messages';
import { type TariffFormValues, newBlock, newFee, newTax } from './tariffForm';

/** The charges of a tariff version's form that are lists (electric blocks, fees, taxes): each row with Remove, and Add. */
type ListProps = { form: UseFormReturn<TariffFormValues, unknown, TariffVersionRequest>; currency: string };

const decimal = { inputMode: 'decimal', autoComplete: 'off' } as const;

/** Electric blocks: the first kWh of a stay at one price, the next at another. */
export function BlocksFieldset({ form, currency }: ListProps) {
  const { t } = useTranslation();
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const blocks = useFieldArray({ control, name: 'electricBlocks' });
  const message = (error: FieldError | undefined) => fieldMessage(t, error?.message);
  return (
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
        <ListError error={errors.electricBlocks} />
        <AddButton label={t('billing.tariffs.form.addBlock')} onClick={() => blocks.append(newBlock())} />
      </Stack>
    </Fieldset>
  );
}

/** Fees: an amount a stay, a night or 30 days. */
export function FeesFieldset({ form, currency }: ListProps) {
  const { t } = useTranslation();
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const fees = useFieldArray({ control, name: 'fees' });
  const message = (error: FieldError | undefined) => fieldMessage(t, error?.message);
  return (
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
        <ListError error={errors.fees} />
        <AddButton label={t('billing.tariffs.form.addFee')} onClick={() => fees.append(newFee())} />
      </Stack>
    </Fieldset>
  );
}

/** Taxes: a percent of the utilities, the fees or both. */
export function TaxesFieldset({ form }: Pick<ListProps, 'form'>) {
  const { t } = useTranslation();
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const taxes = useFieldArray({ control, name: 'taxes' });
  const message = (error: FieldError | undefined) => fieldMessage(t, error?.message);
  return (
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
        <ListError error={errors.taxes} />
        <AddButton label={t('billing.tariffs.form.addTax')} onClick={() => taxes.append(newTax())} />
      </Stack>
    </Fieldset>
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

/** A list's own error (blocks not ascending, too many rows): on its root, or on the list. */
function ListError({ error }: { error: { message?: string; root?: FieldError } | undefined }) {
  const { t } = useTranslation();
  const message = fieldMessage(t, error?.root?.message ?? error?.message);
  if (!message) return null;
  return (
    <Text size="xs" c="red" role="alert">
      {message}
    </Text>
  );
}
