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
import { call } from './call';
import { routes } from './routes';

const tags = ['Account'];

export const authCalls = {
  signIn: call({
    ...routes.auth.signIn,
    summary: 'Sign in with e-mail (or username) and password',
    tags,
    access: 'public',
    rateLimit: 30,
    body: authenticateRequest,
    result: loginResult,
  }),

  refresh: call({
    ...routes.auth.refresh,
    summary: 'Exchange a valid token for a new one',
    tags,
    access: 'public',
    rateLimit: 60,
    body: refreshTokenRequest,
    result: loginResult,
  }),

  signOut: call({
    ...routes.auth.signOut,
    summary: "End the caller's session: its tokens open nothing any more (beyond the specification)",
    tags,
    access: 'signedIn',
    result: z.null(),
  }),

  me: call({
    ...routes.auth.me,
    summary: 'The signed-in user and the permissions of their role',
    tags,
    access: 'signedIn',
    result: me,
  }),

  register: call({
    ...routes.auth.register,
    summary: 'Register an account; it can see nothing until an administrator gives it a role',
    tags,
    access: 'public',
    rateLimit: 10,
    body: registerRequest,
    result: z.string(),
  }),

  requestResetByQuery: call({
    ...routes.auth.requestResetByQuery,
    summary: 'Mail a link to set a new password',
    tags,
    access: 'public',
    rateLimit: 10,
    query: forgotPasswordRequest,
    result: z.string(),
  }),

  requestReset: call({
    ...routes.auth.requestReset,
    summary: 'Mail a link to set a new password (page form)',
    tags,
    access: 'public',
    rateLimit: 10,
    body: forgotPasswordRequest,
    result: z.string(),
  }),

  checkResetLink: call({
    ...routes.auth.checkResetLink,
    summary: 'Check a set-password token before showing the form',
    tags,
    access: 'public',
    rateLimit: 30,
    query: passwordTokenQuery,
    result: z.boolean(),
  }),

  setForgottenPassword: call({
    ...routes.auth.setForgottenPassword,
    summary: 'Set a new password with a mailed token (single use)',
    tags,
    access: 'public',
    rateLimit: 10,
    body: updateForgotPasswordRequest,
    result: z.boolean(),
  }),

  changeOwnPassword: call({
    ...routes.auth.changeOwnPassword,
    summary: "Change the signed-in user's password; answers a fresh login",
    tags,
    access: 'signedIn',
    rateLimit: 10,
    body: changePasswordRequest,
    result: loginResult,
  }),
};
