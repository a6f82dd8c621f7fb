import { Modal, Stack, Text, Textarea } from '@mantine/core';
import { ALERT_NOTE_MAX } from '@portal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitActions } from '../../../ui/DialogActions';
import type { AlertAction } from '../hooks';

type Props = {
  action: AlertAction;
  count: number;
  busy: boolean;
  onConfirm: (note: string) => void;
  onClose: () => void;
};

/** Acknowledge or resolve the chosen alerts, with an optional note kept with them. */
export function AlertActionDialog({ action, count, busy, onConfirm, onClose }: Props) {
  const { t } = useTranslation();
  const [note, setNote] = useState('');
  const label = action === 'acknowledge' ? t('alerts.actions.acknowledge') : t('alerts.actions.resolve');
  return (
    <Modal
      opened
      centered
      onClose={onClose}
      title={action === 'acknowledge' ? t('alerts.dialog.acknowledgeTitle') : t('alerts.dialog.resolveTitle')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          onConfirm(note.trim());
        }}
        noValidate
      >
        <Stack gap="sm">
          <Text size="sm">
            {action === 'acknowledge'
              ? t('alerts.dialog.acknowledgeText', { count })
              : t('alerts.dialog.resolveText', { count })}
          </Text>
          <Textarea
            label={t('alerts.dialog.note')}
            description={t('alerts.dialog.noteHint', { max: ALERT_NOTE_MAX })}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            maxLength={ALERT_NOTE_MAX}
            autosize
            minRows={3}
            maxRows={8}
            data-autofocus
          />
          <SubmitActions onCancel={onClose} mt="xs" label={label} loading={busy} />
        </Stack>
      </form>
    </Modal>
  );
}
