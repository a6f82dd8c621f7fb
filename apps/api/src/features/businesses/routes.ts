import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  busEntity,
  busEntityKeywordQuery,
  busEntityWithSites,
  createBusEntityRequest,
  idValue,
  updateBusEntityRequest,
} from '@portal/contract';
import { Answer, defineRoute } from '../../lib/route';
import { administrators, propertyStaff } from '../auth/access';
import * as businesses from './service';

const tags = ['Business entities'];

export default async function businessRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: 'GET',
    url: '/api/GetAllBusinessLookup',
    summary: "id/value of the business entities in the caller's scope",
    tags,
    access: propertyStaff,
    result: z.array(idValue),
    handler: ({ deps, user }) => businesses.lookup(deps, user),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/Business/GetAllBusEntities',
    summary: 'id/value of the business entities whose name contains the keyword',
    tags,
    access: administrators,
    query: busEntityKeywordQuery,
    result: z.array(idValue),
    handler: ({ deps, user, query }) => businesses.lookup(deps, user, query.keyword),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/Business/GetBusEntitiesWithSites',
    summary:
      'The Admin Panel accordion: business entities whose name or a property name contains the keyword, with their properties',
    tags,
    access: administrators,
    query: busEntityKeywordQuery,
    result: z.array(busEntityWithSites),
    handler: ({ deps, query }) => businesses.withSites(deps, query.keyword),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/Business/CreateBusEntity',
    summary: 'Create a business entity (name unique without regard to case)',
    tags,
    access: administrators,
    idempotent: true,
    body: createBusEntityRequest,
    result: busEntity,
    handler: async ({ deps, req, body }) =>
      new Answer(await businesses.create(deps, req, body.legalName), 200, 'businessAdded'),
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/api/Business/UpdateBusEntity',
    summary: 'Rename a business entity',
    tags,
    access: administrators,
    body: updateBusEntityRequest,
    result: busEntity,
    handler: async ({ deps, req, body }) =>
      new Answer(await businesses.rename(deps, req, body.busEntityID, body.legalName), 200, 'businessUpdated'),
  });
}
