import type { FastifyInstance } from 'fastify';
import { api } from '@portal/contract';
import { Answer, defineRoute } from '../../lib/route';
import * as stays from '../stays/service';
import * as locations from './service';

export default async function locationRoutes(app: FastifyInstance) {
  defineRoute(app, api.locations.table, async ({ deps, scoped }) =>
    locations.listLocations(deps.db, scoped['query.siteID'], deps.now()),
  );

  defineRoute(app, api.locations.page, ({ deps, query, scoped }) =>
    locations.listPage(deps.db, scoped['query.siteID'], deps.now(), {
      search: query.search,
      status: query.status ?? null,
      sort: query.sort,
      desc: query.dir === 'desc',
      pageIndex: query.pageIndex,
      pageSize: query.pageSize === 'all' ? null : Number(query.pageSize),
      locate: query.locationID ?? null,
    }),
  );

  defineRoute(app, api.locations.row, ({ deps, query }) =>
    locations.getLocation(deps.db, query.locationID, deps.now()),
  );

  defineRoute(app, api.locations.usage, async ({ deps, query }) => {
    const row = await locations.getLocation(deps.db, query.locationID, deps.now());
    return {
      locationID: row.locationID,
      servicePoints: row.servicePoints.map((sp) => ({ servicePointID: sp.servicePointID, usage: sp.usage })),
    };
  });

  defineRoute(app, api.locations.detail, async ({ deps, params, scoped }) => {
    const site = await locations.siteNameAndZone(deps.db, scoped['params.locationId'].siteId);
    return { ...(await locations.getLocation(deps.db, params.locationId, deps.now())), ...site };
  });

  defineRoute(
    app,
    api.locations.createMany,
    async ({ deps, req, body }) => new Answer(await locations.createLocations(deps, req, body), 200, 'locationsAdded'),
  );

  defineRoute(app, api.locations.edit, async ({ deps, req, user, body }) => {
    await locations.updateLocation(deps, req, user, body.locationID, body);
    return new Answer(null, 200, 'locationUpdated');
  });

  defineRoute(app, api.locations.editBasics, async ({ deps, req, user, body }) => {
    await locations.updateLocation(deps, req, user, body.locationID, body);
    return new Answer(null, 200, 'locationUpdated');
  });

  defineRoute(app, api.locations.toggleDeleted, async ({ deps, req, body }) => {
    const deleted = await locations.toggleDeleted(deps, req, body.locationID);
    const action = deleted ? 'delete' : 'reactivate';
    return new Answer({ locationID: body.locationID, deleted }, 200, 'locationActionDone', { action });
  });

  defineRoute(app, api.locations.remove, async ({ deps, req, query }) => {
    await locations.eraseLocation(deps, req, query.locationId);
    return new Answer(null, 200, 'locationActionDone', { action: 'delete' });
  });

  defineRoute(app, api.locations.move, async ({ deps, req, body }) => {
    await locations.moveLocations(deps, req, [body]);
    return new Answer(null, 200, 'locationMoved');
  });

  defineRoute(app, api.locations.moveMany, async ({ deps, req, body }) => {
    await locations.moveLocations(deps, req, body);
    return new Answer(null, 200, 'locationsMoved');
  });

  defineRoute(app, api.locations.switchSelection, async ({ deps, req, body, scoped }) => {
    const selection = { site: scoped['body.selection.siteID'], selection: body.selection };
    const ids = await locations.switchSelection(deps, req, selection, body.requestedState);
    return ids.map((messageId) => ({ messageId: messageId! }));
  });

  defineRoute(app, api.locations.moveSelection, async ({ deps, req, body, scoped }) => {
    const selection = { site: scoped['body.selection.siteID'], selection: body.selection };
    await locations.moveSelection(deps, req, selection, body.SiteId);
    return new Answer(null, 200, 'locationsMoved');
  });

  defineRoute(app, api.locations.monitorSelection, async ({ deps, req, body, scoped }) => {
    const selection = { site: scoped['body.selection.siteID'], selection: body.selection };
    await locations.monitorSelection(deps, req, selection, body.ExcludeFromMonitoring);
    return new Answer(null, 200, 'monitoringUpdated');
  });

  defineRoute(app, api.locations.history, ({ deps, query }) =>
    stays.stayHistory(deps.db, query.locationID, deps.now()),
  );
}
