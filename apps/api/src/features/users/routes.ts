import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { createUserAccountRequest, Permission, updateUserAccountRequest, userAccount } from '@portal/contract';
import { Answer, defineRoute } from '../../lib/route';
import * as users from './service';

const tags = ['Users'];
const userManagers = { anyOf: [Permission.ManageUsers] } as const;

/** Manage Users (access sections 2, 6 and 7); who manages whom is in policy.ts. */
export default async function userRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: 'GET',
    url: '/api/Account/GetAllUserAccounts',
    summary: 'The user accounts the caller may see: all for an Administrator, their business for a Site Owner',
    tags,
    access: userManagers,
    result: z.array(userAccount),
    handler: ({ deps, user }) => users.list(deps, user),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/Account/CreateUserAccount',
    summary: 'Create a user with a role the caller may give; mails a link to set the password',
    tags,
    access: userManagers,
    idempotent: true,
    rateLimit: 60,
    body: createUserAccountRequest,
    result: userAccount,
    handler: async ({ deps, req, user, body }) =>
      new Answer(await users.create(deps, req, user, body), 200, 'userCreated'),
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/api/Account/UpdateUserAccount',
    summary: 'Change a user the caller may manage (the e-mail is read-only); deactivating ends their sessions',
    tags,
    access: userManagers,
    body: updateUserAccountRequest,
    result: userAccount,
    handler: async ({ deps, req, user, body }) =>
      new Answer(await users.update(deps, req, user, body), 200, 'userUpdated'),
  });
}
