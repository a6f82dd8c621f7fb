import { z } from 'zod';
import {
  authenticateRequest,
  changePasswordRequest,
  forgotPasswordRequest,
  loginResult,
  me,
  passwordTokenQuery,
  refreshTokenRequest,
  registerRequest,
  updateForgotPasswordRequest,
} from '../auth';
import { featureCalls } from './call';
import { routes } from './routes';

const defaults = { tags: ['Account'] } as const;

export const authCalls = featureCalls(routes.auth, defaults, {
  signIn: {
    summary: 'Sign in with e-mail (or username) and password',
    access: 'public',
    rateLimit: 30,
    body: authenticateRequest,
    result: loginResult,
  },

  refresh: {
    summary: 'Exchange a valid token for a new one',
    access: 'public',
    rateLimit: 60,
    body: refreshTokenRequest,
    result: loginResult,
  },

  signOut: {
    summary: "End the caller's session: its tokens open nothing any more (beyond the specification)",
    access: 'signedIn',
    result: z.null(),
  },

  me: {
    summary: 'The signed-in user and the permissions of their role',
    access: 'signedIn',
    result: me,
  },

  register: {
    summary: 'Register an account; it can see nothing until an administrator gives it a role',
    access: 'public',
    rateLimit: 10,
    body: registerRequest,
    result: z.string(),
  },

  requestResetByQuery: {
    summary: 'Mail a link to set a new password',
    access: 'public',
    rateLimit: 10,
    query: forgotPasswordRequest,
    result: z.string(),
  },

  requestReset: {
    summary: 'Mail a link to set a new password (page form)',
    access: 'public',
    rateLimit: 10,
    body: forgotPasswordRequest,
    result: z.string(),
  },

  checkResetLink: {
    summary: 'Check a set-password token before showing the form',
    access: 'public',
    rateLimit: 30,
    query: passwordTokenQuery,
    result: z.boolean(),
  },

  setForgottenPassword: {
    summary: 'Set a new password with a mailed token (single use)',
    access: 'public',
    rateLimit: 10,
    body: updateForgotPasswordRequest,
    result: z.boolean(),
  },

  changeOwnPassword: {
    summary: "Change the signed-in user's password; answers a fresh login",
    access: 'signedIn',
    rateLimit: 10,
    body: changePasswordRequest,
    result: loginResult,
  },
});
