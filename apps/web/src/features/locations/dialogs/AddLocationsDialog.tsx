import { ActionIcon, Alert, Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { bulkLocationEntry, whenTyped } from '@portal/contract';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ApiError } from '../../../lib/apiError';
import { fieldMessage } from '../../../i18n/messages';
import { useConfirm } from '../../../ui/confirmContext';
import { toast } from '../../../ui/toast';
import { toastFailure } from '../feedback';
import { useCreateLocations } from '../hooks';
import type { LocationsSite } from '../site';
import { type NewLocationRow, canAddRow, emptyRow, hasUnsavedData, repeatedRows, rowsToSave } from './addLocationRows';
import { ResponsiveModal } from '../../../ui/ResponsiveModal';
import { useSchemaForm } from '../../../lib/schemaForm';

const formSchema = z.object({
  rows: z
    .array(
      z.object({
        locationDescription: bulkLocationEntry.shape.locationDescription,
        accountNumber: z.string().trim().max(50, 'maxLength'),
      }),
    )
    .min(1)
    .superRefine(
      (rows, ctx) => {
        for (const i of repeatedRows(rows)) {
          ctx.addIssue({ code: 'custom', path: [i, 'locationDescription'], message: 'locationDescriptionTaken' });
        }
      },
      whenTyped(['locationDescription']),
    ),
});

/** The server names a clashing row as `<index>.locationDescription`. */
const ROW_FIELD = /^(\d+)\.locationDescription$/;

type Props = { site: LocationsSite; onClose: () => void; onDone?: (ids: number[]) => void };

/** Add Location (screen 9): rows of description and billing account number, saved together. */
export function AddLocationsDialog({ site, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const create = useCreateLocations(site.siteID);
  const [fillFirst, setFillFirst] = useState(false);
  const { control, register, getValues, trigger, setError, formState } = useSchemaForm(formSchema, {
    defaultValues: { rows: [emptyRow()] as NewLocationRow[] },
  });
  const { fields, append, remove, replace } = useFieldArray({ control, name: 'rows' });

  const addRow = () => {
    if (!canAddRow(getValues('rows'))) {
      setFillFirst(true);
      return;
    }
    setFillFirst(false);
    append(emptyRow(), { shouldFocus: true });
  };

  const close = async () => {
    if (hasUnsavedData(getValues('rows'))) {
      const ok = await confirm({
        title: t('locations.addLocations.unsavedTitle'),
        message: t('locations.addLocations.unsavedQuestion'),
        confirmLabel: t('locations.addLocations.discard'),
        danger: true,
      });
      if (!ok) return;
    }
    onClose();
  };

  const onSubmit = async () => {
    const kept = rowsToSave(getValues('rows'));
    if (kept.length !== getValues('rows').length) replace(kept);
    if (!(await trigger())) return;
    create.mutate(
      kept.map((r) => ({
        locationDescription: r.locationDescription.trim(),
        accountNumber: r.accountNumber.trim() || null,
        fk_SiteID: site.siteID,
      })),
      {
        onSuccess: (ids) => {
          toast.success(t('msg.locationsAdded'));
          onDone?.(ids);
          onClose();
        },
        onError: (error) => {
          const fields = error instanceof ApiError ? error.fields : [];
          fields.forEach((f, i) => {
            const row = ROW_FIELD.exec(f.field)?.[1];
            if (row === undefined) return;
            setError(
              `rows.${Number(row)}.locationDescription`,
              { type: 'server', message: f.code },
              { shouldFocus: i === 0 },
            );
          });
          toastFailure(t, error, 'locationsAddUnable', 'locationsAddFailed');
        },
      },
    );
  };

  const errors = formState.errors.rows;
  return (
    <ResponsiveModal
      onClose={() => void close()}
      size="lg"
      title={t('locations.addLocations.title', { property: site.sitePublicName })}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void onSubmit();
        }}
        noValidate
      >
        <Stack>
          <Table.ScrollContainer minWidth={360}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('locations.fields.description')}</Table.Th>
                  <Table.Th>{t('locations.fields.accountNumber')}</Table.Th>
                  <Table.Th w={48}>
                    <Text span size="xs" c="dimmed">
                      {t('locations.addLocations.rowActions')}
                    </Text>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {fields.map((field, index) => (
                  <Table.Tr key={field.id}>
                    <Table.Td>
                      <TextInput
                        aria-label={t('locations.addLocations.descriptionOfRow', { row: index + 1 })}
                        withAsterisk
                        {...register(`rows.${index}.locationDescription`, { onChange: () => setFillFirst(false) })}
                        error={fieldMessage(t, errors?.[index]?.locationDescription?.message)}
                      />
                    </Table.Td>
                    <Table.Td>
                      <TextInput
                        aria-label={t('locations.addLocations.accountOfRow', { row: index + 1 })}
                        {...register(`rows.${index}.accountNumber`)}
                        error={fieldMessage(t, errors?.[index]?.accountNumber?.message)}
                      />
                    </Table.Td>
                    <Table.Td>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('locations.addLocations.deleteRow', { row: index + 1 })}
                        disabled={fields.length <= 1}
                        onClick={() => remove(index)}
                      >
                        <IconTrash size={16} aria-hidden />
                      </ActionIcon>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {fillFirst && (
            <Alert color="yellow" role="alert">
              {t('msg.fillEmptyRows')}
            </Alert>
          )}
          <Group justify="space-between">
            <Button variant="light" leftSection={<IconPlus size={14} aria-hidden />} onClick={addRow}>
              {t('locations.addLocations.addRow')}
            </Button>
            <Group>
              <Button variant="default" onClick={() => void close()}>
                {t('common.close')}
              </Button>
              <Button type="submit" loading={create.isPending}>
                {t('locations.dialogs.save')}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </ResponsiveModal>
  );
}
