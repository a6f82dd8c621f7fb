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
