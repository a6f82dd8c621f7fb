import { and, asc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { rows, type Queryable } from '../../db/client';
import { businessEntities, sites } from '../../db/schema';
import { sitesInScope, type Scope } from '../../access/scope';

/** A condition on `business_entities`: every one, the caller's own, or those of the properties they see. */
function businessesInScope(q: Queryable, scope: Scope): SQL {
  switch (scope.kind) {
    case 'all':
      return sql`true`;
    case 'business':
      return eq(businessEntities.id, scope.busEntityId);
    case 'sites':
    case 'none':
      return inArray(businessEntities.id, q.select({ id: sites.busEntityId }).from(sites).where(sitesInScope(scope)));
  }
}

/** An ILIKE pattern that finds the keyword anywhere, its wildcards taken literally. */
const containing = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function businessLookup(q: Queryable, scope: Scope, keyword = '') {
  return q
    .select({ id: businessEntities.id, value: businessEntities.legalName })
    .from(businessEntities)
    .where(
      and(
        businessesInScope(q, scope),
        keyword ? sql`${businessEntities.legalName} ilike ${containing(keyword)}` : undefined,
      ),
    )
    .orderBy(asc(sql`lower(${businessEntities.legalName})`), asc(businessEntities.id));
}

export type BusinessWithSitesRow = {
  id: number;
  legalName: string;
  anySiteContains: boolean;
  sites: Array<{ id: number; name: string }>;
};

/**
 * Every business whose name or one of whose live property names contains the keyword
 * (all of them without one), each with all its live properties.
 */
export function businessesWithSites(q: Queryable, keyword: string): Promise<BusinessWithSitesRow[]> {
  const pattern = containing(keyword);
  const siteMatches = keyword ? sql`coalesce(bool_or(s.public_name ilike ${pattern}), false)` : sql`false`;
  return rows<BusinessWithSitesRow>(
    q,
    sql`select b.id, b.legal_name as "legalName", ${siteMatches} as "anySiteContains",
          coalesce(json_agg(json_build_object('id', s.id, 'name', s.public_name) order by lower(s.public_name), s.id)
                   filter (where s.id is not null), '[]'::json) as sites
        from business_entities b
        left join sites s on s.bus_entity_id = b.id and s.deleted_at is null
        group by b.id
        having ${keyword ? sql`b.legal_name ilike ${pattern} or ${siteMatches}` : sql`true`}
        order by lower(b.legal_name), b.id`,
  );
}

export async function findBusiness(q: Queryable, busEntityId: number) {
  const [row] = await q.select().from(businessEntities).where(eq(businessEntities.id, busEntityId));
  return row ?? null;
}

export async function businessExists(q: Queryable, busEntityId: number): Promise<boolean> {
  return (await findBusiness(q, busEntityId)) !== null;
}

export async function findVisibleBusiness(q: Queryable, scope: Scope, busEntityId: number) {
  const [row] = await q
    .select({ id: businessEntities.id })
    .from(businessEntities)
    .where(and(eq(businessEntities.id, busEntityId), businessesInScope(q, scope)));
  return row ?? null;
}

/** Names are unique without regard to case (the index on lower(legal_name)). */
export async function nameTaken(q: Queryable, legalName: string, exceptId = 0): Promise<boolean> {
  const [row] = await q
    .select({ id: businessEntities.id })
    .from(businessEntities)
    .where(and(sql`lower(${businessEntities.legalName}) = lower(${legalName})`, ne(businessEntities.id, exceptId)));
  return Boolean(row);
}

/** The new business, or null when a concurrent request took the name first. */
export async function insertBusiness(q: Queryable, legalName: string) {
  const [row] = await q.insert(businessEntities).values({ legalName }).onConflictDoNothing().returning();
  return row ?? null;
}

export async function renameBusiness(q: Queryable, busEntityId: number, legalName: string) {
  const [row] = await q
    .update(businessEntities)
    .set({ legalName, updatedAt: new Date() })
    .where(eq(businessEntities.id, busEntityId))
    .returning();
  return row!;
}
