import { z } from 'zod';
import { countryLookup, countryQuery, locationTypeLookup, stateLookup, timeZoneLookup } from '../lookups';
import { propertyStaff } from './access';
import { featureCalls } from './call';
import { routes } from './routes';

const defaults = { tags: ['Lookups'], access: propertyStaff } as const;

export const lookupsCalls = featureCalls(routes.lookups, defaults, {
  states: {
    summary: 'The states or provinces of a country',
    query: countryQuery,
    result: z.array(stateLookup),
  },

  statesOfProperties: {
    summary: "The states of a country where the caller's live properties are",
    query: countryQuery,
    result: z.array(stateLookup),
  },

  countries: {
    summary: 'Every country',
    result: z.array(countryLookup),
  },

  timeZones: {
    summary: 'Every IANA time zone',
    result: z.array(timeZoneLookup),
  },

  locationTypes: {
    summary: 'Every location type',
    result: z.array(locationTypeLookup),
  },
});
