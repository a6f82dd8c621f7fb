import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/apiError';
import { errorMessage } from '../../i18n/messages';
import { toast } from '../../ui/toast';

/** A report that could not run: the server's reason in the user's language, else the default text. */
export function toastReportError(t: TFunction, error: unknown): void {
  const text = error instanceof ApiError && error.status !== 0 ? errorMessage(t, error) : t('msg.reportErrorDefault');
  toast.error(text, t('msg.reportError'));
}
