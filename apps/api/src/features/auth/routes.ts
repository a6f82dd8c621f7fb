import type { FastifyInstance } from 'fastify';
import { api, type MessageCode, messageText } from '@portal/contract';
import { Answer, defineRoute } from '../../lib/route';
import * as auth from './service';

/** The specification answers these calls' text as the result; the message beside it carries its code. */
const textAnswer = (code: MessageCode) => new Answer(messageText(code), 200, code);

export default async function authRoutes(app: FastifyInstance) {
  defineRoute(app, api.auth.signIn, ({ deps, req, body }) =>
    auth.authenticate(deps, req, body.Username, body.Password),
  );

  defineRoute(app, api.auth.refresh, ({ deps, body }) => auth.refresh(deps, body.Token));

  defineRoute(app, api.auth.signOut, async ({ deps, req, user }) => {
    await auth.signOut(deps, req, user);
    return null;
  });

  defineRoute(app, api.auth.me, ({ deps, user }) => auth.me(deps, user.userAccountId, user.assignedSiteIds));

  defineRoute(app, api.auth.register, async ({ deps, req, body }) => {
    await auth.register(deps, req, body);
    return textAnswer('registrationMailed');
  });

  defineRoute(app, api.auth.requestResetByQuery, async ({ deps, req, query }) => {
    await auth.requestPasswordReset(deps, req, query.email);
    return textAnswer('forgotSent');
  });

  defineRoute(app, api.auth.requestReset, async ({ deps, req, body }) => {
    await auth.requestPasswordReset(deps, req, body.email);
    return textAnswer('forgotSent');
  });

  defineRoute(app, api.auth.checkResetLink, async ({ deps, query }) => {
    await auth.validateResetToken(deps, query.token);
    return true;
  });

  defineRoute(app, api.auth.setForgottenPassword, async ({ deps, req, body }) => {
    await auth.completePasswordReset(deps, req, body.token, body.password);
    return new Answer(true, 200, 'passwordUpdated');
  });

  defineRoute(
    app,
    api.auth.changeOwnPassword,
    async ({ deps, req, user, body }) =>
      new Answer(
        await auth.changePassword(deps, req, user.userAccountId, body.currentPassword, body.newPassword),
        200,
        'passwordChanged',
      ),
  );
}
