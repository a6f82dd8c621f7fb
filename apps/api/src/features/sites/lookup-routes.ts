import type { FastifyInstance } from 'fastify';
import { api } from '@portal/contract';
import { defineRoute } from '../../access/route';
import { listIntegrations, listPartners } from './integrations';
import * as sites from './service';

/** Property lists of the pickers, and the partners and integrations of the property dialog. */
export default function registerSiteLookupRoutes(app: FastifyInstance) {
  defineRoute(app, api.sites.lookupOfBusiness, ({ caller, query }) =>
    sites.lookupByBusiness(caller, query.busEntityID),
  );

  defineRoute(app, api.sites.lookupOfUser, ({ caller, query }) => sites.lookupAssignable(caller, query.userAccountID));

  defineRoute(app, api.sites.partners, ({ caller, query }) => listPartners(caller, query.siteID));

  defineRoute(app, api.sites.integrations, ({ caller, query }) => listIntegrations(caller, query.siteID));
}
