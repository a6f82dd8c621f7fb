import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/apiError';
import { errorMessage } from '../../i18n/messages';

/**
 * What a failed dashboard call tells the user: 'Error connecting to server' when the
 * server was not reached, the server's own text when it refused, else the panel's failure.
 */
export function dashboardFailure(t: TFunction, error: unknown, failed: 'realtimeStatsFailed' | 'alertsFailed'): string {
  if (!(error instanceof ApiError) || error.code === 'network') return t('msg.serverConnectionError');
  if (error.isClientError) return errorMessage(t, error);
  return t(`msg.${failed}`);
}
