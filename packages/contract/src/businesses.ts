import { z } from 'zod';

/** Business entities: the Admin Panel's accordion, and creating and renaming one. */

export const BUSINESS_NAME_MAX = 200;

/** `api.businesses.list` and the accordion: matches business names and property names. */
export const busEntityKeywordQuery = z.object({ keyword: z.string().trim().max(100, 'maxLength').default('') });

const legalName = z
  .string({ error: 'provideBusinessName' })
  .trim()
  .min(1, 'provideBusinessName')
  .max(BUSINESS_NAME_MAX, 'maxLength');

export const createBusEntityRequest = z.object({ legalName });
export type CreateBusEntityRequest = z.infer<typeof createBusEntityRequest>;

export const updateBusEntityRequest = z.object({
  busEntityID: z.int32({ error: 'fieldNotValid' }).positive('fieldNotValid'),
  legalName,
});
export type UpdateBusEntityRequest = z.infer<typeof updateBusEntityRequest>;

export const busEntity = z.object({ busEntityID: z.int32(), legalName: z.string() });
export type BusEntity = z.infer<typeof busEntity>;

/**
 * A business of the accordion with its live properties; `anySiteContains` says the
 * keyword matched one of its property names (the accordion opens it).
 */
export const busEntityWithSites = busEntity.extend({
  anySiteContains: z.boolean(),
  sites: z.array(z.object({ siteID: z.int32(), sitePublicName: z.string() })),
});
export type BusEntityWithSites = z.infer<typeof busEntityWithSites>;
