import type { FastifyInstance } from 'fastify';
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
} from '@portal/contract';
import { type MessageCode, messageText } from '@portal/contract';
import { Answer, defineRoute } from '../../lib/route';
import * as auth from './service';

const tags = ['Account'];

/** The specification answers these calls' text as the result; the message beside it carries its code. */
const textAnswer = (code: MessageCode) => new Answer(messageText(code), 200, code);

export default async function authRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: 'POST',
    url: '/api/Account/Authenticate',
    summary: 'Sign in with e-mail (or username) and password',
    tags,
    access: 'public',
    rateLimit: 30,
    body: authenticateRequest,
    result: loginResult,
    handler: ({ deps, req, body }) => auth.authenticate(deps, req, body.Username, body.Password),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/Account/RefreshToken',
    summary: 'Exchange a valid token for a new one',
    tags,
    access: 'public',
    rateLimit: 60,
    body: refreshTokenRequest,
    result: loginResult,
    handler: ({ deps, body }) => auth.refresh(deps, body.Token),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/Account/SignOut',
    summary: "End the caller's session: its tokens open nothing any more (beyond the specification)",
    tags,
    access: 'signedIn',
    result: z.null(),
    handler: async ({ deps, req, user }) => {
      await auth.signOut(deps, req, user);
      return null;
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/me',
    summary: 'The signed-in user and the permissions of their role',
    tags,
    access: 'signedIn',
    result: me,
    handler: ({ deps, user }) => auth.me(deps, user.userAccountId, user.assignedSiteIds),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/auth/register',
    summary: 'Register an account; it can see nothing until an administrator gives it a role',
    tags,
    access: 'public',
    rateLimit: 10,
    body: registerRequest,
    result: z.string(),
    handler: async ({ deps, req, body }) => {
      await auth.register(deps, req, body);
      return textAnswer('registrationMailed');
    },
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/api/Account/ForgotPasswordRequest',
    summary: 'Mail a link to set a new password',
    tags,
    access: 'public',
    rateLimit: 10,
    query: forgotPasswordRequest,
    result: z.string(),
    handler: async ({ deps, req, query }) => {
      await auth.requestPasswordReset(deps, req, query.email);
      return textAnswer('forgotSent');
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/auth/forgot-password',
    summary: 'Mail a link to set a new password (page form)',
    tags,
    access: 'public',
    rateLimit: 10,
    body: forgotPasswordRequest,
    result: z.string(),
    handler: async ({ deps, req, body }) => {
      await auth.requestPasswordReset(deps, req, body.email);
      return textAnswer('forgotSent');
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/Account/PasswordTokenValidate',
    summary: 'Check a set-password token before showing the form',
    tags,
    access: 'public',
    rateLimit: 30,
    query: passwordTokenQuery,
    result: z.boolean(),
    handler: async ({ deps, query }) => {
      await auth.validateResetToken(deps, query.token);
      return true;
    },
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/api/Account/UpdateForgotPassword',
    summary: 'Set a new password with a mailed token (single use)',
    tags,
    access: 'public',
    rateLimit: 10,
    body: updateForgotPasswordRequest,
    result: z.boolean(),
    handler: async ({ deps, req, body }) => {
      await auth.completePasswordReset(deps, req, body.token, body.password);
      return new Answer(true, 200, 'passwordUpdated');
    },
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/api/Account/ChangePassword',
    summary: "Change the signed-in user's password; answers a fresh login",
    tags,
    access: 'signedIn',
    rateLimit: 10,
    body: changePasswordRequest,
    result: loginResult,
    handler: async ({ deps, req, user, body }) =>
      new Answer(
        await auth.changePassword(deps, req, user.userAccountId, body.currentPassword, body.newPassword),
        200,
        'passwordChanged',
      ),
  });
}
