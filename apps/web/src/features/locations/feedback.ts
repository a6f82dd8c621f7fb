import type { TFunction } from 'i18next';
import type { MessageCode } from '@portal/contract';
import { ApiError } from '../../lib/apiError';
import { errorMessage } from '../../i18n/messages';
import { toast } from '../../ui/toast';

/** The specification's feedback patterns of this area, in one place. */

const GENERIC: readonly string[] = ['serverError', 'invalidInput', 'fieldNotValid', 'badResponse'];

/**
 * A failed change: the server's own reason when it gave a known one ('This meter is not
 * in stock.'), the "Unable to …, try again later." text when it refused without one, and
 * the "Failed to …" text when the server could not be reached.
 */
export function failureText(t: TFunction, error: unknown, unable: MessageCode, failed: MessageCode): string {
  if (!(error instanceof ApiError) || error.status === 0) return t(`msg.${failed}`);
  const code = error.messageCode;
  if (code && !GENERIC.includes(code)) return t(`msg.${code}`);
  return t(`msg.${unable}`);
}

export function toastFailure(t: TFunction, error: unknown, unable: MessageCode, failed: MessageCode): void {
  toast.error(failureText(t, error, unable, failed));
}

/** Saved: 200 is a success, 410 a warning that the meters have not confirmed yet. */
export function toastSaved(t: TFunction, statusCode: number, done: MessageCode, pending: MessageCode): void {
  if (statusCode === 410) toast.warning(t(`msg.${pending}`), t('msg.pendingTitle'));
  else toast.success(t(`msg.${done}`));
}

/**
 * Check-in and check-out failures: the server's message under 'Error! {statusCode}', or
 * the network text when there was no answer.
 */
export function toastStatusError(t: TFunction, error: unknown, network: MessageCode): void {
  if (error instanceof ApiError && error.status > 0) {
    toast.error(errorMessage(t, error), t('msg.errorTitle', { statusCode: error.status }));
  } else toast.error(t(`msg.${network}`));
}
