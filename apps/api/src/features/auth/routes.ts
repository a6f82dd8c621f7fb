import type { FastifyInstance } from 'fastify';
import { api, type MessageCode, messageText } from '@portal/contract';
import { Answer, defineRoute } from '../../access/route';
import * as auth from './service';

/** The specification answers these calls' text as the result; the message beside it carries its code. */
const textAnswer = (code: MessageCode) => new Answer(messageText(code), 200, code);

export default async function authRoutes(app: FastifyInstance) {
  defineRoute(app, api.auth.signIn, ({ caller, body }) => auth.authenticate(caller, body.Username, body.Password));

  defineRoute(app, api.auth.refresh, ({ caller, body }) => auth.refresh(caller, body.Token));

  defineRoute(app, api.auth.signOut, async ({ caller }) => {
    await auth.signOut(caller);
    return null;
  });

  defineRoute(app, api.auth.me, ({ caller, user }) => auth.me(caller, user.userAccountId, user.assignedSiteIds));

  defineRoute(app, api.auth.register, async ({ caller, body }) => {
    await auth.register(caller, body);
    return textAnswer('registrationMailed');
  });

  defineRoute(app, api.auth.requestResetByQuery, async ({ caller, query }) => {
    await auth.requestPasswordReset(caller, query.email);
    return textAnswer('forgotSent');
  });

  defineRoute(app, api.auth.requestReset, async ({ caller, body }) => {
    await auth.requestPasswordReset(caller, body.email);
    return textAnswer('forgotSent');
  });

  defineRoute(app, api.auth.checkResetLink, async ({ caller, query }) => {
    await auth.validateResetToken(caller, query.token);
    return true;
  });

  defineRoute(app, api.auth.setForgottenPassword, async ({ caller, body }) => {
    await auth.completePasswordReset(caller, body.token, body.password);
    return new Answer(true, 200, 'passwordUpdated');
  });

  defineRoute(
    app,
    api.auth.changeOwnPassword,
    async ({ caller, user, body }) =>
      new Answer(
        await auth.changePassword(caller, user.userAccountId, body.currentPassword, body.newPassword),
        200,
        'passwordChanged',
      ),
  );
}
