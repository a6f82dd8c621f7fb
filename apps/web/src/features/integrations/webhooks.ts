import type { DeliveryStatus, WebhookRow } from '@portal/contract';

export type WebhookState = 'active' | 'failing' | 'disabled';

/** Disabled wins over failing: a disabled endpoint waits whatever its failures. */
export function webhookStateOf(hook: Pick<WebhookRow, 'disabledAt' | 'failingSince'>): WebhookState {
  if (hook.disabledAt !== null) return 'disabled';
  if (hook.failingSince !== null) return 'failing';
  return 'active';
}

/** Until when the secret before the last rotation still signs; null once that is past. */
export function oldSecretUntil(hook: Pick<WebhookRow, 'previousSecretUntil'>, now: number): string | null {
  const until = hook.previousSecretUntil;
  return until !== null && Date.parse(until) > now ? until : null;
}

export const webhookStateColors: Record<WebhookState, string> = {
  active: 'green',
  failing: 'orange',
  disabled: 'gray',
};
export const deliveryStatusColors: Record<DeliveryStatus, string> = {
  pending: 'blue',
  delivered: 'green',
  failed: 'red',
};
