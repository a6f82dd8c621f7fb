import type { FastifyInstance } from 'fastify';
import { api } from '@portal/contract';
import { Answer, defineRoute } from '../../lib/route';
import registerSiteLookupRoutes from './lookup-routes';
import registerSiteSettingRoutes from './setting-routes';
import * as sites from './service';

export default async function siteRoutes(app: FastifyInstance) {
  defineRoute(app, api.sites.visible, ({ deps, user, query }) => sites.listVisible(deps, user, query.userAccountID));

  defineRoute(app, api.sites.ofBusiness, ({ deps, user, query }) =>
    sites.listOfBusiness(deps, user, query.busEntityID),
  );

  defineRoute(
    app,
    api.sites.create,
    async ({ deps, req, user, body }) => new Answer(await sites.saveSite(deps, req, user, body), 200, 'propertyAdded'),
  );

  defineRoute(
    app,
    api.sites.update,
    async ({ deps, req, user, body }) =>
      new Answer(await sites.saveSite(deps, req, user, body), 200, 'propertyUpdated'),
  );

  defineRoute(
    app,
    api.sites.setMonitoring,
    async ({ deps, req, user, body }) =>
      new Answer(
        await sites.setMonitoring(deps, req, user, body.siteID, body.excludeFromMonitoring),
        200,
        'monitoringUpdated',
      ),
  );

  defineRoute(app, api.sites.remove, async ({ deps, req, user, query }) => {
    await sites.archive(deps, req, user, query.id);
    return new Answer(null, 200, 'propertyDeleted');
  });

  registerSiteSettingRoutes(app);
  registerSiteLookupRoutes(app);
}
