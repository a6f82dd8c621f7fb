import { inArray } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { sites } from '../db/schema';

/** The business of each site, to route events by scope. */
export async function siteBusiness(q: Queryable, siteIds: number[]): Promise<Map<number, number>> {
  if (!siteIds.length) return new Map();
  const found = await q
    .select({ id: sites.id, busEntityId: sites.busEntityId })
    .from(sites)
    .where(inArray(sites.id, siteIds));
  return new Map(found.map((s) => [s.id, s.busEntityId]));
}
