import { eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { locations, servicePoints, sites } from '../db/schema';
import type { SiteEvent } from '@portal/contract';
import { locationChanged } from './events';

/** The business of each site, to route events by scope. */
export async function siteBusiness(q: Queryable, siteIds: number[]): Promise<Map<number, number>> {
  if (!siteIds.length) return new Map();
  const found = await q
    .select({ id: sites.id, busEntityId: sites.busEntityId })
    .from(sites)
    .where(inArray(sites.id, siteIds));
  return new Map(found.map((s) => [s.id, s.busEntityId]));
}

/** The hub events for the locations that carry these meters. */
export async function locationEventsOfMeters(q: Queryable, meterIds: number[], at: Date): Promise<SiteEvent[]> {
  if (!meterIds.length) return [];
  const found = await q
    .selectDistinct({ siteId: locations.siteId, locationId: locations.id })
    .from(servicePoints)
    .innerJoin(locations, eq(locations.id, servicePoints.locationId))
    .where(inArray(servicePoints.id, meterIds));
  return found.flatMap((f) => locationChanged(f.siteId, f.locationId, at));
}
