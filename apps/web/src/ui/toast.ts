import { notifications } from '@mantine/notifications';
import { TOAST_ERROR_MS, TOAST_SUCCESS_MS } from '@portal/contract';
import { i18n } from '../i18n';

/** The one toast style of the app: success for 3 s, errors and warnings for 5 s (the specification's durations). */
export const toast = {
  success(message: string, title: string = i18n.t('common.successTitle')): void {
    show(title, message, 'green', TOAST_SUCCESS_MS);
  },
  error(message: string, title: string = i18n.t('common.errorTitle')): void {
    show(title, message, 'red', TOAST_ERROR_MS);
  },
  /** Saved, but something is still under way (status 410: remote device operation pending). */
  warning(message: string, title: string = i18n.t('msg.pendingTitle')): void {
    show(title, message, 'yellow', TOAST_ERROR_MS);
  },
};

function show(title: string, message: string, color: string, autoClose: number) {
  notifications.show({
    title,
    message,
    color,
    autoClose,
    withBorder: true,
    closeButtonProps: { 'aria-label': i18n.t('common.close') },
  });
}
