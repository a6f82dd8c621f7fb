import type { FastifyInstance } from 'fastify';
import { api } from '@portal/contract';
import { Answer, defineRoute } from '../../access/route';
import * as recipients from './recipients';
import * as schedules from './service';

export default async function scheduleRoutes(app: FastifyInstance) {
  defineRoute(app, api.schedules.list, ({ caller, scoped }) => schedules.listSchedules(caller, scoped['query.siteID']));

  defineRoute(app, api.schedules.upsert, ({ caller, body, scoped }) =>
    schedules.upsertSchedule(caller, scoped['body.siteID'], scoped['body.scheduleID'], body),
  );

  defineRoute(app, api.schedules.remove, async ({ caller, scoped }) => {
    await schedules.removeSchedule(caller, scoped['query.id']);
  });

  defineRoute(app, api.schedules.runs, ({ caller, scoped }) => schedules.listRuns(caller, scoped['query.id']));

  defineRoute(app, api.schedules.recipient, ({ caller, query }) => recipients.invitation(caller, query.token));

  defineRoute(
    app,
    api.schedules.confirmRecipient,
    async ({ caller, body }) => new Answer(await recipients.confirm(caller, body.token), 200, 'recipientConfirmed'),
  );
}
