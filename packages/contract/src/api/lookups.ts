import { z } from 'zod';
import { countryLookup, countryQuery, locationTypeLookup, stateLookup, timeZoneLookup } from '../lookups';
import { propertyStaff } from './access';
import { call } from './call';
import { routes } from './routes';

const tags = ['Lookups'];

export const lookupsCalls = {
  states: call({
    ...routes.lookups.states,
    summary: 'The states or provinces of a country',
    tags,
    access: propertyStaff,
    query: countryQuery,
    result: z.array(stateLookup),
  }),

  statesOfProperties: call({
    ...routes.lookups.statesOfProperties,
    summary: "The states of a country where the caller's live properties are",
    tags,
    access: propertyStaff,
    query: countryQuery,
    result: z.array(stateLookup),
  }),

  countries: call({
    ...routes.lookups.countries,
    summary: 'Every country',
    tags,
    access: propertyStaff,
    result: z.array(countryLookup),
  }),

  timeZones: call({
    ...routes.lookups.timeZones,
    summary: 'Every IANA time zone',
    tags,
    access: propertyStaff,
    result: z.array(timeZoneLookup),
  }),

  locationTypes: call({
    ...routes.lookups.locationTypes,
    summary: 'Every location type',
    tags,
    access: propertyStaff,
    result: z.array(locationTypeLookup),
  }),
};
