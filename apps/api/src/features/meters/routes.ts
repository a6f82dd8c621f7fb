import type { FastifyInstance } from 'fastify';
import { api } from '@portal/contract';
import { Answer, defineRoute } from '../../lib/route';
import * as meters from './service';

export default async function meterRoutes(app: FastifyInstance) {
  defineRoute(app, api.meters.stockOptions, ({ deps }) => meters.stockOptions(deps.db));

  defineRoute(app, api.meters.assignable, ({ deps, scoped }) => meters.assignable(deps.db, scoped['query.siteID']));

  defineRoute(app, api.meters.assign, async ({ deps, req, user, body }) => {
    await meters.assignMeters(deps, req, user, [body]);
    return new Answer(null, 200, 'meterAdded');
  });

  defineRoute(app, api.meters.assignMany, async ({ deps, req, user, body }) => {
    await meters.assignMeters(deps, req, user, body);
    return new Answer(null, 200, 'metersAssigned');
  });

  defineRoute(app, api.meters.unassign, async ({ deps, req, body, scoped }) => {
    await meters.removeMeter(deps, req, scoped['body.fk_LocationID'], body);
    return new Answer(null, 200, 'meterRemoved');
  });

  defineRoute(app, api.meters.addReading, async ({ deps, req, user, body }) => {
    const result = await meters.addManualReading(deps, req, user, body);
    return new Answer(result, 200, result.overrideConfirmation ? 'readingLowerConfirm' : 'readingUpdated');
  });

  defineRoute(app, api.meters.setMonitoring, async ({ deps, req, body }) => {
    await meters.setMonitoring(deps, req, [body]);
    return new Answer(null, 200, 'monitoringUpdated');
  });

  defineRoute(app, api.meters.setMonitoringMany, async ({ deps, req, body }) => {
    await meters.setMonitoring(deps, req, body);
    return new Answer(null, 200, 'monitoringUpdated');
  });

  defineRoute(app, api.meters.inventory, ({ deps, query }) =>
    meters.inventory(deps.db, query.search, query.page, query.pageSize),
  );

  defineRoute(app, api.meters.create, async ({ deps, req, body }) => meters.createMeter(deps, req, body));

  defineRoute(app, api.meters.setMaxRate, async ({ deps, req, user, body, scoped }) => {
    await meters.setMaxRate(deps, req, user, scoped['body.servicePointID'], body.maxRatePerHour);
    return new Answer(null, 200, 'meterRateSaved');
  });
}
