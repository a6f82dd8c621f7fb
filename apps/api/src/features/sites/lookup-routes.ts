import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  busEntityIdQuery,
  idValue,
  Permission,
  siteIdQuery,
  siteIntegration,
  sitePartner,
  sitesLookupByUserQuery,
} from '@portal/contract';
import { defineRoute } from '../../lib/route';
import { listIntegrations, listPartners } from './integrations';
import { propertyStaff } from '../auth/access';
import * as sites from './service';

const tags = ['Lookups'];

/** Property lists of the pickers, and the partners and integrations of the property dialog. */
export default function registerSiteLookupRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: 'GET',
    url: '/api/GetSitesLookupByBusEntityID',
    summary: 'id/value of the properties of a business that the caller sees',
    tags,
    access: propertyStaff,
    query: busEntityIdQuery,
    result: z.array(idValue),
    handler: ({ deps, user, query }) => sites.lookupByBusiness(deps, user, query.busEntityID),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/GetAllSitesLookupByUserAccountID',
    summary:
      "id/value of the properties that may be assigned to a user: a Site Owner's own business, or for an Administrator the named user's",
    tags,
    access: { anyOf: [Permission.ManageUsers] },
    query: sitesLookupByUserQuery,
    result: z.array(idValue),
    handler: ({ deps, user, query }) => sites.lookupAssignable(deps, user, query.userAccountID),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/GetSitePartners',
    summary: 'Every integration partner, marked used when the property has it (siteID 0: a new property)',
    tags,
    access: propertyStaff,
    query: siteIdQuery,
    result: z.array(sitePartner),
    handler: ({ deps, user, query }) => listPartners(deps, user, query.siteID),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/GetAllIntegrations',
    summary: "The property's integrations with their keys",
    tags,
    access: propertyStaff,
    query: siteIdQuery,
    result: z.array(siteIntegration),
    handler: ({ deps, user, query }) => listIntegrations(deps, user, query.siteID),
  });
}
