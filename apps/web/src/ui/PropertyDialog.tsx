import { Modal, type ModalProps, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type Props = Omit<ModalProps, 'opened' | 'closeOnClickOutside' | 'closeButtonProps'> & {
  /** A line under the title: what the dialog is for, in the property's terms. */
  intro?: ReactNode;
};

/**
 * The dialog of a property's action (settings, tariffs, thresholds, schedules): open while
 * shown, closed by its labelled button or Escape, not by a click outside (a form may be half typed).
 */
export function PropertyDialog({ intro, children, ...props }: Props) {
  const { t } = useTranslation();
  return (
    <Modal opened closeOnClickOutside={false} closeButtonProps={{ 'aria-label': t('common.close') }} {...props}>
      {intro === undefined ? (
        children
      ) : (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {intro}
          </Text>
          {children}
        </Stack>
      )}
    </Modal>
  );
}
