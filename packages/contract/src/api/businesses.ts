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
import { featureCalls } from './call';
import { routes } from './routes';

const defaults = { tags: ['Business entities'], access: administrators } as const;

export const businessesCalls = featureCalls(routes.businesses, defaults, {
  lookup: {
    summary: "id/value of the business entities in the caller's scope",
    access: propertyStaff,
    result: z.array(idValue),
  },

  list: {
    summary: 'id/value of the business entities whose name contains the keyword',
    query: busEntityKeywordQuery,
    result: z.array(idValue),
  },

  withProperties: {
    summary:
      'The Admin Panel accordion: business entities whose name or a property name contains the keyword, with their properties',
    query: busEntityKeywordQuery,
    result: z.array(busEntityWithSites),
  },

  create: {
    summary: 'Create a business entity (name unique without regard to case)',
    idempotent: true,
    body: createBusEntityRequest,
    result: busEntity,
  },

  update: {
    summary: 'Rename a business entity',
    body: updateBusEntityRequest,
    result: busEntity,
  },
});
