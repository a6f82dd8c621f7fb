import type { FastifyInstance } from 'fastify';
import { api, messageText } from '@portal/contract';
import { Answer, defineRoute } from '../../lib/route';
import * as auth from './service';

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

  defineRoute(app, api.auth.register, ({ deps, req, body }) => auth.register(deps, req, body));

  defineRoute(app, api.auth.requestResetByQuery, ({ deps, req, query }) =>
    auth.requestPasswordReset(deps, req, query.email),
  );

  defineRoute(app, api.auth.requestReset, ({ deps, req, body }) => auth.requestPasswordReset(deps, req, body.email));

  defineRoute(app, api.auth.checkResetLink, async ({ deps, query }) => {
    await auth.validateResetToken(deps, query.token);
    return true;
  });

  defineRoute(app, api.auth.setForgottenPassword, async ({ deps, req, body }) => {
    await auth.completePasswordReset(deps, req, body.token, body.password);
    return new Answer(true, 200, messageText('passwordUpdated'));
  });

  defineRoute(
    app,
    api.auth.changeOwnPassword,
    async ({ deps, req, user, body }) =>
      new Answer(
        await auth.changePassword(deps, req, user.userAccountId, body.currentPassword, body.newPassword),
        200,
        messageText('passwordChanged'),
      ),
  );
}
