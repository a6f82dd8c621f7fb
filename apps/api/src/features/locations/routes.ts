import type { FastifyInstance } from 'fastify';
import { api } from '@portal/contract';
import { Answer, defineRoute } from '../../access/route';
import * as locations from './service';

export default async function locationRoutes(app: FastifyInstance) {
  defineRoute(app, api.locations.table, async ({ caller, scoped }) =>
    locations.listLocations(caller.db, scoped['query.siteID'], caller.now()),
  );

  defineRoute(app, api.locations.page, ({ caller, query, scoped }) =>
    locations.listPage(caller.db, scoped['query.siteID'], caller.now(), {
      search: query.search,
      status: query.status ?? null,
      sort: query.sort,
      desc: query.dir === 'desc',
      pageIndex: query.pageIndex,
      pageSize: query.pageSize === 'all' ? null : Number(query.pageSize),
      locate: query.locationID ?? null,
    }),
  );

  defineRoute(app, api.locations.row, ({ caller, query }) =>
    locations.getLocation(caller.db, query.locationID, caller.now()),
  );

  defineRoute(app, api.locations.usage, async ({ caller, query }) => {
    const row = await locations.getLocation(caller.db, query.locationID, caller.now());
    return {
      locationID: row.locationID,
      servicePoints: row.servicePoints.map((sp) => ({ servicePointID: sp.servicePointID, usage: sp.usage })),
    };
  });

  defineRoute(app, api.locations.detail, async ({ caller, params, scoped }) => {
    const site = await locations.siteNameAndZone(caller.db, scoped['params.locationId'].siteId);
    return { ...(await locations.getLocation(caller.db, params.locationId, caller.now())), ...site };
  });

  defineRoute(
    app,
    api.locations.createMany,
    async ({ caller, body }) => new Answer(await locations.createLocations(caller, body), 200, 'locationsAdded'),
  );

  defineRoute(app, api.locations.edit, async ({ caller, body }) => {
    await locations.updateLocation(caller, body.locationID, body);
    return new Answer(null, 200, 'locationUpdated');
  });

  defineRoute(app, api.locations.editBasics, async ({ caller, body }) => {
    await locations.updateLocation(caller, body.locationID, body);
    return new Answer(null, 200, 'locationUpdated');
  });

  defineRoute(app, api.locations.toggleDeleted, async ({ caller, body }) => {
    const deleted = await locations.toggleDeleted(caller, body.locationID);
    const action = deleted ? 'delete' : 'reactivate';
    return new Answer({ locationID: body.locationID, deleted }, 200, 'locationActionDone', { action });
  });

  defineRoute(app, api.locations.remove, async ({ caller, query }) => {
    await locations.eraseLocation(caller, query.locationId);
    return new Answer(null, 200, 'locationActionDone', { action: 'delete' });
  });

  defineRoute(app, api.locations.move, async ({ caller, body }) => {
    await locations.moveLocations(caller, [body]);
    return new Answer(null, 200, 'locationMoved');
  });

  defineRoute(app, api.locations.moveMany, async ({ caller, body }) => {
    await locations.moveLocations(caller, body);
    return new Answer(null, 200, 'locationsMoved');
  });

  defineRoute(app, api.locations.switchSelection, async ({ caller, body, scoped }) => {
    const selection = { site: scoped['body.selection.siteID'], selection: body.selection };
    const ids = await locations.switchSelection(caller, selection, body.requestedState);
    return ids.map((messageId) => ({ messageId: messageId! }));
  });

  defineRoute(app, api.locations.moveSelection, async ({ caller, body, scoped }) => {
    const selection = { site: scoped['body.selection.siteID'], selection: body.selection };
    await locations.moveSelection(caller, selection, body.SiteId);
    return new Answer(null, 200, 'locationsMoved');
  });

  defineRoute(app, api.locations.monitorSelection, async ({ caller, body, scoped }) => {
    const selection = { site: scoped['body.selection.siteID'], selection: body.selection };
    await locations.monitorSelection(caller, selection, body.ExcludeFromMonitoring);
    return new Answer(null, 200, 'monitoringUpdated');
  });
}
