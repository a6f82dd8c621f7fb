import type { FastifyInstance } from 'fastify';
import { api } from '@portal/contract';
import { Answer, defineRoute } from '../../lib/route';
import { preferencesOf, savePreferences } from './preferences';
import * as alerts from './service';

export default async function alertRoutes(app: FastifyInstance) {
  defineRoute(app, api.alerts.list, ({ deps, user, query }) =>
    alerts.listAlerts(deps, user, {
      siteId: query.siteID,
      state: query.state,
      type: query.type,
      page: query.page,
      pageSize: query.pageSize,
    }),
  );

  defineRoute(app, api.alerts.acknowledge, async ({ deps, req, user, body }) => {
    const count = await alerts.act(deps, req, user, 'acknowledge', body.alertIDs, body.note);
    return new Answer({ count }, 200, 'alertsAcknowledged', { count });
  });

  defineRoute(app, api.alerts.resolve, async ({ deps, req, user, body }) => {
    const count = await alerts.act(deps, req, user, 'resolve', body.alertIDs, body.note);
    return new Answer({ count }, 200, 'alertsResolved', { count });
  });

  defineRoute(app, api.alerts.preferences, ({ deps, user }) => preferencesOf(deps.db, user.userAccountId));

  defineRoute(
    app,
    api.alerts.savePreferences,
    async ({ deps, user, body }) =>
      new Answer(await savePreferences(deps.db, user.userAccountId, body.preferences), 200, 'notificationsSaved'),
  );
}
