import type { FastifyInstance } from 'fastify';
import { api } from '@portal/contract';
import { Answer, defineRoute } from '../../access/route';
import registerSiteLookupRoutes from './lookup-routes';
import registerSiteSettingRoutes from './setting-routes';
import * as sites from './service';

export default async function siteRoutes(app: FastifyInstance) {
  defineRoute(app, api.sites.visible, ({ caller, query }) => sites.listVisible(caller, query.userAccountID));

  defineRoute(app, api.sites.ofBusiness, ({ caller, query }) => sites.listOfBusiness(caller, query.busEntityID));

  defineRoute(
    app,
    api.sites.create,
    async ({ caller, body }) => new Answer(await sites.saveSite(caller, body), 200, 'propertyAdded'),
  );

  defineRoute(
    app,
    api.sites.update,
    async ({ caller, body }) => new Answer(await sites.saveSite(caller, body), 200, 'propertyUpdated'),
  );

  defineRoute(
    app,
    api.sites.setMonitoring,
    async ({ caller, body }) =>
      new Answer(await sites.setMonitoring(caller, body.siteID, body.excludeFromMonitoring), 200, 'monitoringUpdated'),
  );

  defineRoute(app, api.sites.remove, async ({ caller, query }) => {
    await sites.archive(caller, query.id);
    return new Answer(null, 200, 'propertyDeleted');
  });

  registerSiteSettingRoutes(app);
  registerSiteLookupRoutes(app);
}
