import type { FastifyInstance } from 'fastify';
import { api } from '@portal/contract';
import { Answer, defineRoute } from '../../access/route';
import * as users from './service';

/** Manage Users (access sections 2, 6 and 7); who manages whom is in policy.ts. */
export default async function userRoutes(app: FastifyInstance) {
  defineRoute(app, api.users.list, ({ caller }) => users.list(caller));

  defineRoute(
    app,
    api.users.create,
    async ({ caller, body }) => new Answer(await users.create(caller, body), 200, 'userCreated'),
  );

  defineRoute(
    app,
    api.users.update,
    async ({ caller, body }) => new Answer(await users.update(caller, body), 200, 'userUpdated'),
  );
}
