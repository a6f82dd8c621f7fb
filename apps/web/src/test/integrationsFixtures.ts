import type { ApiKeyRow, Me } from '@portal/contract';

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
