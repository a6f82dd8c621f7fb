import type { ApiKeyRow, Me, WebhookDelivery, WebhookRow } from '@portal/contract';

/** What the Integrations tests' server answers. */
export const KEYS = 'GET Integrations/GetApiKeys';
export const CREATE = 'POST Integrations/CreateApiKey';
export const REVOKE = 'POST Integrations/RevokeApiKey';
export const PROPERTIES = 'GET GetSitesLookupByBusEntityID';
export const BUSINESSES = 'GET GetAllBusinessLookup';
export const ME = 'GET me';

export const properties = [
  { id: 5, value: 'Pine Lake RV Resort' },
  { id: 6, value: 'Gulf Breeze RV Park' },
];

export function keyRow(id: number, overrides: Partial<ApiKeyRow> = {}): ApiKeyRow {
  return {
    apiKeyID: id,
    name: `Key ${id}`,
    prefix: `mpk_ab${id}`,
    siteIDs: [5],
    scopes: ['locations:read'],
    createdAt: '2026-11-01T15:00:00.000Z',
    createdBy: 'Olivia Owner',
    lastUsedAt: null,
    lastUsedFrom: null,
    expiresAt: null,
    revokedAt: null,
    ...overrides,
  };
}

export const owner: Me = {
  userAccountID: 2,
  roleID: 2,
  roleName: 'Site Owner',
  email: 'owner@example.com',
  username: null,
  firstName: 'Olivia',
  lastName: 'Owner',
  busEntityID: 40,
  busEntityName: 'Pine Lake LLC',
  permissions: ['manageTransactions', 'manageProperties', 'manageUsers', 'dashboard'],
  siteIDs: [5, 6],
};

export const WEBHOOKS = 'GET Integrations/GetWebhooks';
export const CREATE_WEBHOOK = 'POST Integrations/CreateWebhook';
export const DELIVERIES = 'GET Integrations/GetWebhookDeliveries';
export const REDELIVER = 'POST Integrations/RedeliverWebhook';
export const ROTATE = 'POST Integrations/RotateWebhookSecret';
export const ENABLE = 'POST Integrations/EnableWebhook';
export const DELETE_WEBHOOK = 'POST Integrations/DeleteWebhook';

export const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

export function webhookRow(id: number, overrides: Partial<WebhookRow> = {}): WebhookRow {
  return {
    webhookID: id,
    siteID: 5,
    url: `https://pms.example.com/hooks/${id}`,
    events: ['stay.checked_in'],
    createdAt: '2026-11-01T15:00:00.000Z',
    disabledAt: null,
    failingSince: null,
    previousSecretUntil: null,
    ...overrides,
  };
}

export function deliveryRow(id: number, overrides: Partial<WebhookDelivery> = {}): WebhookDelivery {
  return {
    deliveryID: id,
    eventID: `msg_${id}abc`,
    type: 'stay.checked_in',
    status: 'delivered',
    attempts: 1,
    lastStatusCode: 200,
    lastAttemptAt: '2026-11-20T10:00:00.000Z',
    nextAttemptAt: null,
    lastResponse: 'ok',
    createdAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}
