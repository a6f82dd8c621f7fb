import { z } from 'zod';
import { Permission } from '../roles';
import { createUserAccountRequest, updateUserAccountRequest, userAccount } from '../users';
import { call } from './call';
import { routes } from './routes';

const tags = ['Users'];

const userManagers = { anyOf: [Permission.ManageUsers] } as const;

export const usersCalls = {
  list: call({
    ...routes.users.list,
    summary: 'The user accounts the caller may see: all for an Administrator, their business for a Site Owner',
    tags,
    access: userManagers,
    result: z.array(userAccount),
  }),

  create: call({
    ...routes.users.create,
    summary: 'Create a user with a role the caller may give; mails a link to set the password',
    tags,
    access: userManagers,
    idempotent: true,
    rateLimit: 60,
    body: createUserAccountRequest,
    result: userAccount,
  }),

  update: call({
    ...routes.users.update,
    summary: 'Change a user the caller may manage (the e-mail is read-only); deactivating ends their sessions',
    tags,
    access: userManagers,
    body: updateUserAccountRequest,
    result: userAccount,
  }),
};
