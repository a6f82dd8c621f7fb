import { z } from 'zod';
import {
  busEntity,
  busEntityKeywordQuery,
  busEntityWithSites,
  createBusEntityRequest,
  updateBusEntityRequest,
} from '../businesses';
import { idValue } from '../envelope';
import { administrators, propertyStaff } from './access';
import { call } from './call';
import { routes } from './routes';

const tags = ['Business entities'];

export const businessesCalls = {
  lookup: call({
    ...routes.businesses.lookup,
    summary: "id/value of the business entities in the caller's scope",
    tags,
    access: propertyStaff,
    result: z.array(idValue),
  }),

  list: call({
    ...routes.businesses.list,
    summary: 'id/value of the business entities whose name contains the keyword',
    tags,
    access: administrators,
    query: busEntityKeywordQuery,
    result: z.array(idValue),
  }),

  withProperties: call({
    ...routes.businesses.withProperties,
    summary:
      'The Admin Panel accordion: business entities whose name or a property name contains the keyword, with their properties',
    tags,
    access: administrators,
    query: busEntityKeywordQuery,
    result: z.array(busEntityWithSites),
  }),

  create: call({
    ...routes.businesses.create,
    summary: 'Create a business entity (name unique without regard to case)',
    tags,
    access: administrators,
    idempotent: true,
    body: createBusEntityRequest,
    result: busEntity,
  }),

  update: call({
    ...routes.businesses.update,
    summary: 'Rename a business entity',
    tags,
    access: administrators,
    body: updateBusEntityRequest,
    result: busEntity,
  }),
};
