import { Button, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ForgotPasswordForm } from './ForgotPasswordForm';

/** Forgot password without leaving the sign-in page. */
export function ForgotPasswordModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('auth.forgot.title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      centered
    >
      <Text c="dimmed" size="sm" mb="sm">
        {t('auth.forgot.subtitle')}
      </Text>
      {opened && (
        <ForgotPasswordForm
          via="modal"
          secondary={
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
          }
        />
      )}
    </Modal>
  );
}
