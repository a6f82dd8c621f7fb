import { z } from 'zod';
import { emptyResult } from '../envelope';
import {
  apiKeyIdBody,
  apiKeyRow,
  apiKeysQuery,
  createApiKeyRequest,
  createdApiKey,
  createWebhookRequest,
  deliveryIdBody,
  webhookDelivery,
  webhookIdBody,
  webhookIdQuery,
  webhookRow,
  webhookSecret,
  webhooksQuery,
} from '../integrations';
import { Permission } from '../roles';
import { call } from './call';
import { routes } from './routes';

const tags = ['Integrations'];
/** Keys are a business's: its Site Owner's, or an Administrator's. */
const keyMakers = { anyOf: [Permission.AdminPanel, Permission.ManageUsers] } as const;
/** A property's webhooks are its Site Owner's, or an Administrator's (the service checks the owner's business). */
const hookMakers = keyMakers;

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

  createWebhook: call({
    ...routes.integrations.createWebhook,
    summary:
      "Adds a property's webhook endpoint for some event types; the signing secret is in this answer only. Administrator or Site Owner",
    tags,
    access: hookMakers,
    idempotent: true,
    body: createWebhookRequest,
    scope: { 'body.siteID': 'site' },
    result: webhookSecret,
  }),

  webhooks: call({
    ...routes.integrations.webhooks,
    summary: "A property's webhook endpoints: URL, events, and whether they are failing or disabled",
    tags,
    access: hookMakers,
    query: webhooksQuery,
    scope: { 'query.siteID': 'site' },
    result: z.array(webhookRow),
  }),

  webhookDeliveries: call({
    ...routes.integrations.webhookDeliveries,
    summary: "An endpoint's deliveries, newest first (the last 200): event, status, attempts, last answer",
    tags,
    access: hookMakers,
    query: webhookIdQuery,
    scope: { 'query.webhookID': 'webhook' },
    result: z.array(webhookDelivery),
  }),

  redeliverWebhook: call({
    ...routes.integrations.redeliverWebhook,
    summary: 'Sends a delivery again now, with the same webhook-id (after the retries ran out, or to replay it)',
    tags,
    access: hookMakers,
    body: deliveryIdBody,
    scope: { 'body.deliveryID': 'webhookDelivery' },
    result: emptyResult,
  }),

  rotateWebhookSecret: call({
    ...routes.integrations.rotateWebhookSecret,
    summary:
      'A new signing secret for an endpoint; deliveries carry signatures by the old one too for 24 hours. The secret is in this answer only',
    tags,
    access: hookMakers,
    body: webhookIdBody,
    scope: { 'body.webhookID': 'webhook' },
    result: webhookSecret,
  }),

  enableWebhook: call({
    ...routes.integrations.enableWebhook,
    summary: 'Enables a disabled endpoint: the deliveries that waited are sent, in order',
    tags,
    access: hookMakers,
    body: webhookIdBody,
    scope: { 'body.webhookID': 'webhook' },
    result: emptyResult,
  }),

  deleteWebhook: call({
    ...routes.integrations.deleteWebhook,
    summary: 'Deletes an endpoint with its deliveries',
    tags,
    access: hookMakers,
    body: webhookIdBody,
    scope: { 'body.webhookID': 'webhook' },
    result: emptyResult,
  }),
};
