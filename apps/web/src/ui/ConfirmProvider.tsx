import { Button, Group, Modal, Text } from '@mantine/core';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Confirm, ConfirmContext, type ConfirmOptions } from './confirmContext';
import { focusLater, openerNow } from './focusReturn';

/**
 * Hosts the app's one confirm dialog (static backdrop: only the buttons or Escape close it), above
 * other dialogs; once answered, the focus goes back to the control that asked.
 */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [options, setOptions] = useState<ConfirmOptions | null>(null);
  const resolver = useRef<((answer: boolean) => void) | null>(null);
  const opener = useRef<HTMLElement | null>(null);

  const confirm = useCallback<Confirm>(
    (next) =>
      new Promise<boolean>((resolve) => {
        resolver.current?.(false);
        resolver.current = resolve;
        opener.current = openerNow();
        setOptions(next);
      }),
    [],
  );

  const answer = (value: boolean) => {
    resolver.current?.(value);
    resolver.current = null;
    setOptions(null);
    const from = opener.current;
    focusLater(() => from);
  };

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      <Modal
        opened={options !== null}
        onClose={() => answer(false)}
        title={options?.title}
        closeOnClickOutside={false}
        closeButtonProps={{ 'aria-label': t('common.close') }}
        centered
        // Above any dialog that asks for a confirmation (modals sit at 200), below dropdowns and toasts.
        zIndex={250}
      >
        <Text mb="lg">{options?.message}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => answer(false)}>
            {t('common.cancel')}
          </Button>
          <Button color={options?.danger ? 'red' : undefined} onClick={() => answer(true)} data-autofocus>
            {options?.confirmLabel ?? t('common.confirm')}
          </Button>
        </Group>
      </Modal>
    </ConfirmContext.Provider>
  );
}
