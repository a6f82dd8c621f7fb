import type { ApiKeyScope } from '@portal/contract';

/**
 * Each scope's name in the catalogue (`integrations.scopes.<name>` and its one-line hint):
 * the scope itself holds a colon, which i18next reads as a namespace.
 */
export const scopeKeys = {
  'locations:read': 'locationsRead',
  'usage:read': 'usageRead',
  'statements:read': 'statementsRead',
  'stays:write': 'staysWrite',
  'relays:write': 'relaysWrite',
  'reservations:write': 'reservationsWrite',
} as const satisfies Record<ApiKeyScope, string>;
