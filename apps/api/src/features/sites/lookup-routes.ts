import type { FastifyInstance } from 'fastify';
import { api } from '@portal/contract';
import { defineRoute } from '../../lib/route';
import { listIntegrations, listPartners } from './integrations';
import * as sites from './service';

/** Property lists of the pickers, and the partners and integrations of the property dialog. */
export default function registerSiteLookupRoutes(app: FastifyInstance) {
  defineRoute(app, api.sites.lookupOfBusiness, ({ deps, user, query }) =>
    sites.lookupByBusiness(deps, user, query.busEntityID),
  );

  defineRoute(app, api.sites.lookupOfUser, ({ deps, user, query }) =>
    sites.lookupAssignable(deps, user, query.userAccountID),
  );

  defineRoute(app, api.sites.partners, ({ deps, user, query }) => listPartners(deps, user, query.siteID));

  defineRoute(app, api.sites.integrations, ({ deps, user, query }) => listIntegrations(deps, user, query.siteID));
}
