import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Stands in for a dialog that another feature delivers later: says so, and nothing else. */
export function LaterNotice({ title, siteName, onClose }: { title: string; siteName: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened
      onClose={onClose}
      title={title}
      size="sm"
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Text mb="xs" fw={600}>
        {siteName}
      </Text>
      <Text mb="lg" size="sm">
        {t('sites.notice.text')}
      </Text>
      <Group justify="flex-end">
        <Button onClick={onClose} data-autofocus>
          {t('common.close')}
        </Button>
      </Group>
    </Modal>
  );
}
