import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { countryLookup, countryQuery, locationTypeLookup, stateLookup, timeZoneLookup } from '@portal/contract';
import { defineRoute } from '../../lib/route';
import { scopeOf } from '../auth/scope';
import { propertyStaff } from '../auth/access';
import { presentCountry, presentLocationType, presentState, presentTimeZone } from './presenter';
import * as queries from './queries';

const tags = ['Lookups'];

/** Reference data of the property and location forms, for any user with a role. */
export default async function lookupRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: 'GET',
    url: '/api/GetAllStates',
    summary: 'The states or provinces of a country',
    tags,
    access: propertyStaff,
    query: countryQuery,
    result: z.array(stateLookup),
    handler: async ({ deps, query }) => (await queries.statesOfCountry(deps.db, query.countryID)).map(presentState),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/GetSiteState',
    summary: "The states of a country where the caller's live properties are",
    tags,
    access: propertyStaff,
    query: countryQuery,
    result: z.array(stateLookup),
    handler: async ({ deps, user, query }) =>
      (await queries.statesOfVisibleSites(deps.db, scopeOf(user), query.countryID)).map(presentState),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/GetAllCountries',
    summary: 'Every country',
    tags,
    access: propertyStaff,
    result: z.array(countryLookup),
    handler: async ({ deps }) => (await queries.allCountries(deps.db)).map(presentCountry),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/GetTimeZones',
    summary: 'Every IANA time zone',
    tags,
    access: propertyStaff,
    result: z.array(timeZoneLookup),
    handler: async ({ deps }) => (await queries.allTimeZones(deps.db)).map(presentTimeZone),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/GetAllLocationTypes',
    summary: 'Every location type',
    tags,
    access: propertyStaff,
    result: z.array(locationTypeLookup),
    handler: async ({ deps }) => (await queries.allLocationTypes(deps.db)).map(presentLocationType),
  });
}
