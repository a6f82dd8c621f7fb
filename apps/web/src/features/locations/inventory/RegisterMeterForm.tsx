import { Button, Checkbox, Group, Paper, Select, TextInput, Title } from '@mantine/core';
import { createMeterFields, deviceKeyField, deviceKeyRuleError, hasDeviceKeyUnlessReadByHand } from '@portal/contract';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { errorMessage, idSelectProps, inputProps } from '../../../i18n/messages';
import { applyFieldErrors, hasFieldErrors } from '../../../lib/formErrors';
import { useSchemaForm } from '../../../lib/schemaForm';
import { toast } from '../../../ui/toast';
import { useCreateMeter } from '../hooks';

/**
 * The device types a meter can be registered as. The API has no device type lookup yet:
 * these are the seeded types (lookup-data.ts), named through the catalogue.
 */
const DEVICE_TYPES = [
  { id: 1, key: 'electric' },
  { id: 6, key: 'smartElectric' },
  { id: 7, key: 'water' },
  { id: 2, key: 'cube' },
  { id: 3, key: 'dataCollector' },
] as const;

/** The meter's type is chosen in a select: null until then, which the form answers as required. */
const formSchema = createMeterFields
  .extend({
    /** Left empty (and hidden) for a meter read by hand. */
    deviceKey: z.preprocess((v) => (v === '' ? undefined : v), deviceKeyField.optional()),
    readByHand: z.boolean(),
    fk_DeviceTypeId: z
      .number()
      .nullable()
      .pipe(z.number({ error: 'requiredField' }).int()),
  })
  .refine(hasDeviceKeyUnlessReadByHand, deviceKeyRuleError());
const SERVER_FIELDS = ['servicePointName', 'deviceKey', 'fk_DeviceTypeId'] as const;

/** Registers a meter into stock: its id, its device key (of its MQTT topics) and its type. */
export function RegisterMeterForm() {
  const { t } = useTranslation();
  const create = useCreateMeter();
  const form = useSchemaForm(formSchema, {
    defaultValues: { servicePointName: '', deviceKey: '', readByHand: false, fk_DeviceTypeId: null },
  });
  const { register, control, handleSubmit, reset, setError, setValue, watch } = form;
  const input = inputProps(t, form);
  const readByHand = watch('readByHand');

  const onSubmit = handleSubmit((values) =>
    create.mutate(
      {
        servicePointName: values.servicePointName.trim(),
        ...(values.deviceKey === undefined ? {} : { deviceKey: values.deviceKey }),
        readByHand: values.readByHand,
        fk_DeviceTypeId: values.fk_DeviceTypeId,
      },
      {
        onSuccess: () => {
          toast.success(t('meters.inventory.registered', { meter: values.servicePointName.trim() }));
          reset();
        },
        onError: (error) => {
          if (hasFieldErrors(error, SERVER_FIELDS)) applyFieldErrors(error, setError, [...SERVER_FIELDS]);
          else toast.error(errorMessage(t, error));
        },
      },
    ),
  );

  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="sm">
        {t('meters.inventory.register')}
      </Title>
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <Group align="flex-start" wrap="wrap" gap="sm">
          <TextInput
            label={t('meters.inventory.meterId')}
            description={t('meters.inventory.meterIdHint')}
            maxLength={7}
            withAsterisk
            {...input('servicePointName')}
          />
          {!readByHand && (
            <TextInput
              label={t('meters.inventory.deviceKey')}
              description={t('meters.inventory.deviceKeyHint')}
              withAsterisk
              {...input('deviceKey')}
            />
          )}
          <Controller
            control={control}
            name="fk_DeviceTypeId"
            render={({ field, fieldState }) => (
              <Select
                label={t('meters.inventory.deviceType')}
                description={t('meters.inventory.deviceTypeHint')}
                withAsterisk
                data={DEVICE_TYPES.map((d) => ({ value: String(d.id), label: t(`meters.deviceTypes.${d.key}`) }))}
                {...idSelectProps(t, field, fieldState)}
              />
            )}
          />
          <Checkbox
            mt={{ base: 0, sm: 46 }}
            label={t('meters.inventory.readByHand')}
            description={t('meters.inventory.readByHandHint')}
            {...register('readByHand', { onChange: () => setValue('deviceKey', '') })}
          />
          <Button type="submit" mt={{ base: 0, sm: 46 }} loading={create.isPending}>
            {t('meters.inventory.registerButton')}
          </Button>
        </Group>
      </form>
    </Paper>
  );
}
