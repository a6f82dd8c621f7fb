import { Modal, type ModalProps } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';

/** A dialog: full screen on phones, a centred modal elsewhere, always with a labelled close button. */
export function ResponsiveModal(props: Omit<ModalProps, 'opened'> & { opened?: boolean }) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 48em)');
  return <Modal opened centered fullScreen={phone} closeButtonProps={{ 'aria-label': t('common.close') }} {...props} />;
}
