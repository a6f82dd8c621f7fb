import { z } from 'zod';
import { emptyResult } from '../envelope';
import { apiKeyIdBody, apiKeyRow, apiKeysQuery, createApiKeyRequest, createdApiKey } from '../integrations';
import { Permission } from '../roles';
import { call } from './call';
import { routes } from './routes';

const tags = ['Integrations'];
/** Keys are a business's: its Site Owner's, or an Administrator's. */
const keyMakers = { anyOf: [Permission.AdminPanel, Permission.ManageUsers] } as const;

export const integrationsCalls = {
  createApiKey: call({
    ...routes.integrations.createApiKey,
    summary:
      'Makes an API key of a business for some of its properties and scopes; the key is in this answer only. Administrator or Site Owner',
    tags,
    access: keyMakers,
    idempotent: true,
    body: createApiKeyRequest,
    scope: { 'body.businessID': 'business', 'body.siteIDs.*': 'site' },
    result: createdApiKey,
  }),

  apiKeys: call({
    ...routes.integrations.apiKeys,
    summary: "A business's API keys, newest first: prefix, properties, scopes, last use, expiry and revocation",
    tags,
    access: keyMakers,
    query: apiKeysQuery,
    scope: { 'query.businessID': 'business' },
    result: z.array(apiKeyRow),
  }),

  revokeApiKey: call({
    ...routes.integrations.revokeApiKey,
    summary: 'Revokes an API key: the next request that uses it is refused, on every instance',
    tags,
    access: keyMakers,
    body: apiKeyIdBody,
    scope: { 'body.apiKeyID': 'apiKey' },
    result: emptyResult,
  }),
};
