import type { FastifyInstance } from 'fastify';
import { api } from '@portal/contract';
import { Answer, defineRoute } from '../../access/route';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys';

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
}
