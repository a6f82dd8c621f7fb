import type { FastifyInstance } from 'fastify';
import { api } from '@portal/contract';
import { Answer, defineRoute } from '../../access/route';
import { preferencesOf, savePreferences } from './preferences';
import * as alerts from './service';

export default async function alertRoutes(app: FastifyInstance) {
  defineRoute(app, api.alerts.list, ({ caller, query }) =>
    alerts.listAlerts(caller, {
      siteId: query.siteID,
      state: query.state,
      type: query.type,
      page: query.page,
      pageSize: query.pageSize,
    }),
  );

  defineRoute(app, api.alerts.acknowledge, async ({ caller, body }) => {
    const count = await alerts.act(caller, 'acknowledge', body.alertIDs, body.note);
    return new Answer({ count }, 200, 'alertsAcknowledged', { count });
  });

  defineRoute(app, api.alerts.resolve, async ({ caller, body }) => {
    const count = await alerts.act(caller, 'resolve', body.alertIDs, body.note);
    return new Answer({ count }, 200, 'alertsResolved', { count });
  });

  defineRoute(app, api.alerts.preferences, ({ caller, user }) => preferencesOf(caller.db, user.userAccountId));

  defineRoute(
    app,
    api.alerts.savePreferences,
    async ({ caller, user, body }) =>
      new Answer(await savePreferences(caller.db, user.userAccountId, body.preferences), 200, 'notificationsSaved'),
  );
}
