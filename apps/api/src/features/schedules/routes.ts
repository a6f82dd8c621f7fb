import type { FastifyInstance } from 'fastify';
import { api } from '@portal/contract';
import { Answer, defineRoute } from '../../lib/route';
import * as recipients from './recipients';
import * as schedules from './service';

export default async function scheduleRoutes(app: FastifyInstance) {
  defineRoute(app, api.schedules.list, ({ deps, scoped }) => schedules.listSchedules(deps, scoped['query.siteID']));

  defineRoute(app, api.schedules.upsert, ({ deps, req, user, body, scoped }) =>
    schedules.upsertSchedule(deps, req, user, scoped['body.siteID'], scoped['body.scheduleID'], body),
  );

  defineRoute(app, api.schedules.remove, async ({ deps, req, user, scoped }) => {
    await schedules.removeSchedule(deps, req, user, scoped['query.id']);
  });

  defineRoute(app, api.schedules.runs, ({ deps, scoped }) => schedules.listRuns(deps, scoped['query.id']));

  defineRoute(app, api.schedules.recipient, ({ deps, query }) => recipients.invitation(deps, query.token));

  defineRoute(
    app,
    api.schedules.confirmRecipient,
    async ({ deps, body }) => new Answer(await recipients.confirm(deps, body.token), 200, 'recipientConfirmed'),
  );
}
