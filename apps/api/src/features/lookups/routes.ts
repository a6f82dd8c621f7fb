import type { FastifyInstance } from 'fastify';
import { api } from '@portal/contract';
import { defineRoute } from '../../lib/route';
import { scopeOf } from '../auth/scope';
import { presentCountry, presentLocationType, presentState, presentTimeZone } from './presenter';
import * as queries from './queries';

/** Reference data of the property and location forms, for any user with a role. */
export default async function lookupRoutes(app: FastifyInstance) {
  defineRoute(app, api.lookups.states, async ({ deps, query }) =>
    (await queries.statesOfCountry(deps.db, query.countryID)).map(presentState),
  );

  defineRoute(app, api.lookups.statesOfProperties, async ({ deps, user, query }) =>
    (await queries.statesOfVisibleSites(deps.db, scopeOf(user), query.countryID)).map(presentState),
  );

  defineRoute(app, api.lookups.countries, async ({ deps }) =>
    (await queries.allCountries(deps.db)).map(presentCountry),
  );

  defineRoute(app, api.lookups.timeZones, async ({ deps }) =>
    (await queries.allTimeZones(deps.db)).map(presentTimeZone),
  );

  defineRoute(app, api.lookups.locationTypes, async ({ deps }) =>
    (await queries.allLocationTypes(deps.db)).map(presentLocationType),
  );
}
