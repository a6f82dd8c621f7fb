import type { FastifyInstance } from 'fastify';
import { api } from '@portal/contract';
import { notFound } from '../../lib/errors';
import { defineRoute } from '../../access/route';
import { latestOperations, siteCapabilities } from './queries';
import * as devices from './service';

export default async function deviceRoutes(app: FastifyInstance) {
  defineRoute(app, api.devices.sendCommand, async ({ caller, body }) => ({
    messageId: await devices.sendControl(caller, body),
  }));

  defineRoute(app, api.devices.sendCommands, async ({ caller, body }) =>
    (await devices.sendControls(caller, body)).map((messageId) => ({ messageId: messageId! })),
  );

  defineRoute(app, api.devices.command, async ({ caller, query }) => {
    const found = await devices.controlMessage(caller.db, query.servicePointId, query.messageId);
    if (!found) throw notFound('message');
    return found;
  });

  defineRoute(app, api.devices.latestOperations, ({ caller, query }) => latestOperations(caller.db, query.locationID));

  defineRoute(app, api.devices.capabilitiesOfProperty, ({ caller, query }) =>
    siteCapabilities(caller.db, query.siteID),
  );
}
