import { z } from 'zod';
import { emptyResult } from '../envelope';
import {
  apiKeyIdBody,
  apiKeyRow,
  apiKeysQuery,
  createApiKeyRequest,
  createdApiKey,
  createWebhookRequest,
  reservationCheckInRequest,
  reservationResult,
  reservationRow,
  reservationSettings,
  reservationsQuery,
  upsertReservationRequest,
  deliveryIdBody,
  webhookDelivery,
  webhookIdBody,
  webhookIdQuery,
  webhookRow,
  webhookSecret,
} from '../integrations';
import { Permission } from '../roles';
import { propertyStaff, siteInQuery } from './access';
import { featureCalls } from './call';
import { routes } from './routes';

/**
 * API keys, webhooks and when the PMS's guests are checked in are a business's: its Site Owner's,
 * or an Administrator's (for a property's, the service checks the owner's business).
 */
const siteOwners = { anyOf: [Permission.AdminPanel, Permission.ManageUsers] } as const;

const defaults = { tags: ['Integrations'], access: siteOwners } as const;

export const integrationsCalls = featureCalls(routes.integrations, defaults, {
  createApiKey: {
    summary:
      'Makes an API key of a business for some of its properties and scopes; the key is in this answer only. Administrator or Site Owner',
    idempotent: true,
    body: createApiKeyRequest,
    scope: { 'body.businessID': 'business', 'body.siteIDs.*': 'site' },
    result: createdApiKey,
  },

  apiKeys: {
    summary: "A business's API keys, newest first: prefix, properties, scopes, last use, expiry and revocation",
    query: apiKeysQuery,
    scope: { 'query.businessID': 'business' },
    result: z.array(apiKeyRow),
  },

  revokeApiKey: {
    summary: 'Revokes an API key: the next request that uses it is refused, on every instance',
    body: apiKeyIdBody,
    scope: { 'body.apiKeyID': 'apiKey' },
    result: emptyResult,
  },

  createWebhook: {
    summary:
      "Adds a property's webhook endpoint for some event types; the signing secret is in this answer only. Administrator or Site Owner",
    idempotent: true,
    body: createWebhookRequest,
    scope: { 'body.siteID': 'site' },
    result: webhookSecret,
  },

  webhooks: {
    summary: "A property's webhook endpoints: URL, events, and whether they are failing or disabled",
    ...siteInQuery,
    result: z.array(webhookRow),
  },

  webhookDeliveries: {
    summary: "An endpoint's deliveries, newest first (the last 200): event, status, attempts, last answer",
    query: webhookIdQuery,
    scope: { 'query.webhookID': 'webhook' },
    result: z.array(webhookDelivery),
  },

  redeliverWebhook: {
    summary: 'Sends a delivery again now, with the same webhook-id (after the retries ran out, or to replay it)',
    body: deliveryIdBody,
    scope: { 'body.deliveryID': 'webhookDelivery' },
    result: emptyResult,
  },

  rotateWebhookSecret: {
    summary:
      'A new signing secret for an endpoint; deliveries carry signatures by the old one too for 24 hours. The secret is in this answer only',
    body: webhookIdBody,
    scope: { 'body.webhookID': 'webhook' },
    result: webhookSecret,
  },

  enableWebhook: {
    summary: 'Enables a disabled endpoint: the deliveries that waited are sent, in order',
    body: webhookIdBody,
    scope: { 'body.webhookID': 'webhook' },
    result: emptyResult,
  },

  deleteWebhook: {
    summary: 'Deletes an endpoint with its deliveries',
    body: webhookIdBody,
    scope: { 'body.webhookID': 'webhook' },
    result: emptyResult,
  },

  upsertReservation: {
    summary:
      "Creates or changes a reservation by the PMS's id: arrived checks the guest in as the desk would, departed checks out, a new departure moves the automatic check-out, cancelled before arrival removes it. 409 with a code when the portal cannot (the location is occupied, unavailable or has no meter); the reservation keeps the conflict until it can",
    access: propertyStaff,
    keyScope: 'reservations:write',
    body: upsertReservationRequest,
    scope: { 'body.siteID': 'site' },
    result: reservationResult,
  },

  reservations: {
    summary:
      "A property's reservations from its PMS overlapping a period, by arrival: state, source, stay and conflict",
    access: propertyStaff,
    keyScope: 'reservations:write',
    query: reservationsQuery,
    scope: { 'query.siteID': 'site' },
    result: z.array(reservationRow),
  },

  reservationSettings: {
    summary: "When a property checks its PMS's guests in: when the PMS says they arrived, or at the arrival time",
    access: propertyStaff,
    ...siteInQuery,
    result: reservationSettings,
  },

  saveReservationSettings: {
    summary: "Chooses when a property checks its PMS's guests in. Administrator or Site Owner",
    body: reservationCheckInRequest,
    scope: { 'body.siteID': 'site' },
    result: reservationSettings,
  },
});
