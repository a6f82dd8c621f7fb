import type { WebhookEventType } from '@portal/contract';

/**
 * Each event type's name in the catalogue (`integrations.webhooks.events.<name>` and its
 * one-line hint): the type holds a dot, which i18next reads as a nesting.
 */
export const eventKeys = {
  'stay.checked_in': 'stayCheckedIn',
  'stay.checked_out': 'stayCheckedOut',
  'statement.revised': 'statementRevised',
  'alert.opened': 'alertOpened',
  'alert.acknowledged': 'alertAcknowledged',
  'alert.resolved': 'alertResolved',
  'relay.changed': 'relayChanged',
} as const satisfies Record<WebhookEventType, string>;
