import type { FastifyInstance } from 'fastify';
import { api } from '@portal/contract';
import { notFound } from '../../lib/errors';
import { defineRoute } from '../../lib/route';
import { latestOperations, siteCapabilities } from './queries';
import * as devices from './service';

export default async function deviceRoutes(app: FastifyInstance) {
  defineRoute(app, api.devices.sendCommand, async ({ deps, req, body }) => ({
    messageId: await devices.sendControl(deps, req, body),
  }));

  defineRoute(app, api.devices.sendCommands, async ({ deps, req, body }) =>
    (await devices.sendControls(deps, req, body)).map((messageId) => ({ messageId: messageId! })),
  );

  defineRoute(app, api.devices.command, async ({ deps, query }) => {
    const found = await devices.controlMessage(deps.db, query.servicePointId, query.messageId);
    if (!found) throw notFound('message');
    return found;
  });

  defineRoute(app, api.devices.latestOperations, ({ deps, query }) => latestOperations(deps.db, query.locationID));

  defineRoute(app, api.devices.capabilitiesOfProperty, ({ deps, query }) => siteCapabilities(deps.db, query.siteID));
}
