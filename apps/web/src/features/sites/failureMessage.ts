import type { TFunction } from 'i18next';
import type { MessageCode } from '@portal/contract';
import { ApiError } from '../../lib/apiError';
import { errorMessage } from '../../i18n/messages';

/** A failed property change: the server's reason when it refused the request (4xx), else the failure text. */
export function failureMessage(t: TFunction, error: unknown, failed: MessageCode): string {
  return error instanceof ApiError && error.isClientError ? errorMessage(t, error) : t(`msg.${failed}`);
}
