import { Button, Group, type GroupProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A dialog's closing row: Cancel, then the dialog's own action (`children`). */
export function DialogActions({
  onCancel,
  children,
  ...group
}: GroupProps & { onCancel: () => void; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end" {...group}>
      <Button variant="default" onClick={onCancel}>
        {t('common.cancel')}
      </Button>
      {children}
    </Group>
  );
}

/** A form dialog's closing row: Cancel, then the form's submit button (`label`), busy while `loading`. */
export function SubmitActions({
  label,
  loading,
  disabled,
  ...row
}: Omit<GroupProps, 'children'> & { onCancel: () => void; label: string; loading: boolean; disabled?: boolean }) {
  return (
    <DialogActions {...row}>
      <Button type="submit" loading={loading} disabled={disabled}>
        {label}
      </Button>
    </DialogActions>
  );
}
