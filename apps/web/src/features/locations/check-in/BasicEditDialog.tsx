import { Button, Group, Stack } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSchemaForm } from '../../../lib/schemaForm';
import { ResponsiveModal } from '../../../ui/ResponsiveModal';
import type { DialogProps } from '../dialogs/dialogProps';
import { useUpdateLocation } from '../hooks';
import { LocationFields } from './LocationFields';
import { type FormMode, formSchema, initialValues } from './locationForm';
import { useLocationSave } from './useLocationSave';

/** Edit Location without services: `api.locations.edit`, or the limited `api.locations.editBasics` (no type). */
export function BasicEditDialog({ site, row, onClose, onDone, limited }: DialogProps & { limited: boolean }) {
  const { t } = useTranslation();
  const mode: FormMode = { checkIn: false, guestIn: row.isCheckedInState };
  const [now] = useState(() => new Date());
  const schema = useMemo(
    () =>
      formSchema(
        { checkIn: false, guestIn: false },
        site.timeZone,
        { invalid: '', tooEarly: '', step: '' },
        () => new Date(),
      ),
    [site.timeZone],
  );
  const form = useSchemaForm(schema, { defaultValues: initialValues(row, mode, [], site, now) });
  const save = useUpdateLocation(site.siteID);
  const saved = useLocationSave(false, { onDone: () => onDone([row.locationID]), onClose, setError: form.setError });
  const onSubmit = form.handleSubmit((values) =>
    save.mutate(
      {
        limited,
        locationID: row.locationID,
        locationDescription: values.locationDescription.trim(),
        billingAccountNumber: values.billingAccountNumber.trim() || null,
        locationPublicName: values.locationPublicName.trim(),
        ...(limited ? {} : { locationType: values.locationType === null ? null : Number(values.locationType) }),
      },
      saved,
    ),
  );
  return (
    <ResponsiveModal onClose={onClose} title={t('checkIn.editTitle', { location: row.locationDescription })}>
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <Stack gap="sm">
          <LocationFields row={row} form={form} locked={mode.guestIn} withType={!limited} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.close')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('locations.dialogs.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </ResponsiveModal>
  );
}
