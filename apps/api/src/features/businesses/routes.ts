import type { FastifyInstance } from 'fastify';
import { api } from '@portal/contract';
import { Answer, defineRoute } from '../../access/route';
import * as businesses from './service';

export default async function businessRoutes(app: FastifyInstance) {
  defineRoute(app, api.businesses.lookup, ({ caller }) => businesses.lookup(caller));

  defineRoute(app, api.businesses.list, ({ caller, query }) => businesses.lookup(caller, query.keyword));

  defineRoute(app, api.businesses.withProperties, ({ caller, query }) => businesses.withSites(caller, query.keyword));

  defineRoute(
    app,
    api.businesses.create,
    async ({ caller, body }) => new Answer(await businesses.create(caller, body.legalName), 200, 'businessAdded'),
  );

  defineRoute(
    app,
    api.businesses.update,
    async ({ caller, body }) =>
      new Answer(await businesses.rename(caller, body.busEntityID, body.legalName), 200, 'businessUpdated'),
  );
}
