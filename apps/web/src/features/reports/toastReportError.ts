import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/apiError';
import { serverText } from '../../i18n/messages';
import { toast } from '../../ui/toast';

/** A report that could not run: the server's reason (in the user's language when known), else the default text. */
export function toastReportError(t: TFunction, error: unknown): void {
  const text = error instanceof ApiError && error.status !== 0 ? error.message : null;
  toast.error(serverText(t, text, 'reportErrorDefault'), t('msg.reportError'));
}
