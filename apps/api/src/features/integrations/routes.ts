import type { FastifyInstance } from 'fastify';
import { api } from '@portal/contract';
import { Answer, defineRoute } from '../../access/route';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys';
import * as hooks from './webhooks';
import * as reservations from './reservations';

export default async function integrationRoutes(app: FastifyInstance) {
  defineRoute(
    app,
    api.integrations.createApiKey,
    async ({ caller, body, scoped }) =>
      new Answer(
        await createApiKey(caller, scoped['body.businessID'], scoped['body.siteIDs.*'], body),
        200,
        'apiKeyCreated',
      ),
  );

  defineRoute(app, api.integrations.apiKeys, ({ caller, scoped }) => listApiKeys(caller, scoped['query.businessID']));

  defineRoute(app, api.integrations.revokeApiKey, async ({ caller, scoped }) => {
    await revokeApiKey(caller, scoped['body.apiKeyID']);
    return new Answer(null, 200, 'apiKeyRevoked');
  });

  defineRoute(
    app,
    api.integrations.createWebhook,
    async ({ caller, body, scoped }) =>
      new Answer(await hooks.createWebhook(caller, scoped['body.siteID'], body), 200, 'webhookCreated'),
  );

  defineRoute(app, api.integrations.webhooks, ({ caller, scoped }) =>
    hooks.listWebhooks(caller, scoped['query.siteID']),
  );

  defineRoute(app, api.integrations.webhookDeliveries, ({ caller, scoped }) =>
    hooks.listDeliveries(caller, scoped['query.webhookID']),
  );

  defineRoute(app, api.integrations.redeliverWebhook, async ({ caller, scoped }) => {
    await hooks.redeliver(caller, scoped['body.deliveryID']);
    return new Answer(null, 200, 'webhookRedelivered');
  });

  defineRoute(
    app,
    api.integrations.rotateWebhookSecret,
    async ({ caller, scoped }) =>
      new Answer(await hooks.rotateSecret(caller, scoped['body.webhookID']), 200, 'webhookSecretRotated'),
  );

  defineRoute(app, api.integrations.enableWebhook, async ({ caller, scoped }) => {
    await hooks.enableWebhook(caller, scoped['body.webhookID']);
    return new Answer(null, 200, 'webhookEnabled');
  });

  defineRoute(app, api.integrations.deleteWebhook, async ({ caller, scoped }) => {
    await hooks.deleteWebhook(caller, scoped['body.webhookID']);
    return new Answer(null, 200, 'webhookDeleted');
  });

  defineRoute(app, api.integrations.upsertReservation, ({ caller, body, scoped }) =>
    reservations.upsertReservation(caller, scoped['body.siteID'], body),
  );

  defineRoute(app, api.integrations.reservations, ({ caller, query, scoped }) =>
    reservations.listReservations(caller, scoped['query.siteID'], query),
  );

  defineRoute(app, api.integrations.reservationSettings, ({ caller, scoped }) =>
    reservations.reservationSettingsOf(caller, scoped['query.siteID']),
  );

  defineRoute(
    app,
    api.integrations.saveReservationSettings,
    async ({ caller, body, scoped }) =>
      new Answer(
        await reservations.saveReservationSettings(caller, scoped['body.siteID'], body),
        200,
        'reservationSettingsSaved',
      ),
  );
}
