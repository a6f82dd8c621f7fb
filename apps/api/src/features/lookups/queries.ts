import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { countries, locationTypes, sites, states, timeZones } from '../../db/schema';
import { sitesInScope, type Scope } from '../../access/scope';

export function statesOfCountry(q: Queryable, countryId: number) {
  return q.select().from(states).where(eq(states.countryId, countryId)).orderBy(asc(states.name));
}

/** The states of the country where the caller has live properties (their physical address). */
export function statesOfVisibleSites(q: Queryable, scope: Scope, countryId: number) {
  const used = q.select({ id: sites.physicalStateId }).from(sites).where(sitesInScope(scope));
  return q
    .select()
    .from(states)
    .where(and(eq(states.countryId, countryId), inArray(states.id, used)))
    .orderBy(asc(states.name));
}

export function allCountries(q: Queryable) {
  return q.select().from(countries).orderBy(asc(countries.name));
}

export function allTimeZones(q: Queryable) {
  return q.select().from(timeZones).orderBy(asc(timeZones.name));
}

export function allLocationTypes(q: Queryable) {
  return q.select().from(locationTypes).orderBy(asc(locationTypes.id));
}
