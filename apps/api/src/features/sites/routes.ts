import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  busEntityIdQuery,
  createSiteRequest,
  emptyResult,
  siteByIdQuery,
  siteMonitoring,
  siteMonitoringRequest,
  sitesOfUserQuery,
  siteWithStats,
  updateSiteRequest,
} from '@portal/contract';
import { Answer, defineRoute } from '../../lib/route';
import { administrators, propertyStaff } from '../auth/access';
import registerSiteLookupRoutes from './lookup-routes';
import registerSiteSettingRoutes from './setting-routes';
import * as sites from './service';

const tags = ['Properties'];

export default async function siteRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: 'GET',
    url: '/api/site/GetSitesWithLocationStatesBasedOnUserRole',
    summary:
      "My Properties: the caller's live properties with location counts (the caller's scope decides; another user's userAccountID is refused)",
    tags,
    access: propertyStaff,
    query: sitesOfUserQuery,
    result: z.array(siteWithStats),
    handler: ({ deps, user, query }) => sites.listVisible(deps, user, query.userAccountID),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/Site/GetSitesWithLocationStatsByBusEntityID',
    summary: 'The properties of one business with location counts (Administrator, or the Site Owner of that business)',
    tags,
    access: propertyStaff,
    query: busEntityIdQuery,
    result: z.array(siteWithStats),
    handler: ({ deps, user, query }) => sites.listOfBusiness(deps, user, query.busEntityID),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/Site/CreateSite',
    summary: 'Create a property (siteID 0) with its settings and integrations',
    tags,
    access: propertyStaff,
    idempotent: true,
    body: createSiteRequest,
    result: siteWithStats,
    handler: async ({ deps, req, user, body }) =>
      new Answer(await sites.saveSite(deps, req, user, body), 200, 'propertyAdded'),
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/api/Site/UpdateSite',
    summary: 'Update a property with its settings and integrations',
    tags,
    access: propertyStaff,
    body: updateSiteRequest,
    result: siteWithStats,
    handler: async ({ deps, req, user, body }) =>
      new Answer(await sites.saveSite(deps, req, user, body), 200, 'propertyUpdated'),
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/api/Site/UpdateSiteMonitoring',
    summary: 'Include a property in monitoring or exclude it (Administrator)',
    tags,
    access: administrators,
    body: siteMonitoringRequest,
    result: siteMonitoring,
    handler: async ({ deps, req, user, body }) =>
      new Answer(
        await sites.setMonitoring(deps, req, user, body.siteID, body.excludeFromMonitoring),
        200,
        'monitoringUpdated',
      ),
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/api/site/DeleteSite',
    summary: 'Delete (archive) a property; refused while a location is checked in (Administrator)',
    tags,
    access: administrators,
    query: siteByIdQuery,
    result: emptyResult,
    handler: async ({ deps, req, user, query }) => {
      await sites.archive(deps, req, user, query.id);
      return new Answer(null, 200, 'propertyDeleted');
    },
  });

  registerSiteSettingRoutes(app);
  registerSiteLookupRoutes(app);
}
