import type { FastifyInstance } from 'fastify';
import { api } from '@portal/contract';
import { Answer, defineRoute } from '../../lib/route';
import * as billing from './service';

export default async function billingRoutes(app: FastifyInstance) {
  defineRoute(app, api.billing.tariffs, ({ deps, scoped }) => billing.listTariffs(deps, scoped['query.siteID']));

  defineRoute(
    app,
    api.billing.createTariff,
    async ({ deps, req, user, body, scoped }) =>
      new Answer(await billing.createTariff(deps, req, user, scoped['body.siteID'], body), 200, 'tariffCreated'),
  );

  defineRoute(app, api.billing.statement, ({ deps, scoped }) => billing.staffStatement(deps, scoped['query.stayID']));

  defineRoute(app, api.billing.revokeLink, async ({ deps, req, scoped }) => {
    await billing.revokeLink(deps, req, scoped['body.stayID']);
    return new Answer(null, 200, 'statementLinkRevoked');
  });

  defineRoute(app, api.billing.publicStatement, ({ deps, query }) => billing.publicStatementByToken(deps, query.token));
}
