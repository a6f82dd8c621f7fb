import type { FastifyInstance } from 'fastify';
import { api } from '@portal/contract';
import { Answer, defineRoute } from '../../lib/route';
import * as businesses from './service';

export default async function businessRoutes(app: FastifyInstance) {
  defineRoute(app, api.businesses.lookup, ({ deps, user }) => businesses.lookup(deps, user));

  defineRoute(app, api.businesses.list, ({ deps, user, query }) => businesses.lookup(deps, user, query.keyword));

  defineRoute(app, api.businesses.withProperties, ({ deps, query }) => businesses.withSites(deps, query.keyword));

  defineRoute(
    app,
    api.businesses.create,
    async ({ deps, req, body }) => new Answer(await businesses.create(deps, req, body.legalName), 200, 'businessAdded'),
  );

  defineRoute(
    app,
    api.businesses.update,
    async ({ deps, req, body }) =>
      new Answer(await businesses.rename(deps, req, body.busEntityID, body.legalName), 200, 'businessUpdated'),
  );
}
