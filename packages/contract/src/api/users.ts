import { z } from 'zod';
import { Permission } from '../roles';
import { createUserAccountRequest, updateUserAccountRequest, userAccount } from '../users';
import { featureCalls } from './call';
import { routes } from './routes';

const defaults = { tags: ['Users'], access: { anyOf: [Permission.ManageUsers] } } as const;

export const usersCalls = featureCalls(routes.users, defaults, {
  list: {
    summary: 'The user accounts the caller may see: all for an Administrator, their business for a Site Owner',
    result: z.array(userAccount),
  },

  create: {
    summary: 'Create a user with a role the caller may give; mails a link to set the password',
    idempotent: true,
    rateLimit: 60,
    body: createUserAccountRequest,
    result: userAccount,
  },

  update: {
    summary: 'Change a user the caller may manage (the e-mail is read-only); deactivating ends their sessions',
    body: updateUserAccountRequest,
    result: userAccount,
  },
});
