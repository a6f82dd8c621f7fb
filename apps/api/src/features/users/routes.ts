import type { FastifyInstance } from 'fastify';
import { api } from '@portal/contract';
import { Answer, defineRoute } from '../../lib/route';
import * as users from './service';

/** Manage Users (access sections 2, 6 and 7); who manages whom is in policy.ts. */
export default async function userRoutes(app: FastifyInstance) {
  defineRoute(app, api.users.list, ({ deps, user }) => users.list(deps, user));

  defineRoute(
    app,
    api.users.create,
    async ({ deps, req, user, body }) => new Answer(await users.create(deps, req, user, body), 200, 'userCreated'),
  );

  defineRoute(
    app,
    api.users.update,
    async ({ deps, req, user, body }) => new Answer(await users.update(deps, req, user, body), 200, 'userUpdated'),
  );
}
