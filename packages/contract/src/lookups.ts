import { z } from 'zod';
import { idParam } from './fields';

/** Reference data and id/value lists of the property screens (properties section 7). */

export const countryQuery = z.object({ countryID: idParam });
export const busEntityIdQuery = z.object({ busEntityID: idParam });
export const sitesLookupByUserQuery = z.object({ userAccountID: idParam });

export const stateLookup = z.object({
  stateID: z.int32(),
  stateName: z.string(),
  abbreviation: z.string(),
  countryID: z.int32(),
});
export type StateLookup = z.infer<typeof stateLookup>;

export const countryLookup = z.object({
  countryID: z.int32(),
  countryName: z.string(),
  iso2: z.string(),
});
export type CountryLookup = z.infer<typeof countryLookup>;

/** `timeZone` is the IANA name a property stores. */
export const timeZoneLookup = z.object({ timeZone: z.string(), displayName: z.string() });
export type TimeZoneLookup = z.infer<typeof timeZoneLookup>;

export const locationTypeLookup = z.object({ locationTypeId: z.int32(), locationTypeName: z.string() });
export type LocationTypeLookup = z.infer<typeof locationTypeLookup>;
