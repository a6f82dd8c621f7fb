import type { FastifyInstance } from 'fastify';
import { api } from '@portal/contract';
import { defineRoute } from '../../access/route';
import { scopeOf } from '../../access/scope';
import { presentCountry, presentLocationType, presentState, presentTimeZone } from './presenter';
import * as queries from './queries';

/** Reference data of the property and location forms, for any user with a role. */
export default async function lookupRoutes(app: FastifyInstance) {
  defineRoute(app, api.lookups.states, async ({ caller, query }) =>
    (await queries.statesOfCountry(caller.db, query.countryID)).map(presentState),
  );

  defineRoute(app, api.lookups.statesOfProperties, async ({ caller, user, query }) =>
    (await queries.statesOfVisibleSites(caller.db, scopeOf(user), query.countryID)).map(presentState),
  );

  defineRoute(app, api.lookups.countries, async ({ caller }) =>
    (await queries.allCountries(caller.db)).map(presentCountry),
  );

  defineRoute(app, api.lookups.timeZones, async ({ caller }) =>
    (await queries.allTimeZones(caller.db)).map(presentTimeZone),
  );

  defineRoute(app, api.lookups.locationTypes, async ({ caller }) =>
    (await queries.allLocationTypes(caller.db)).map(presentLocationType),
  );
}
