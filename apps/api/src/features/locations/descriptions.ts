import { sql } from 'drizzle-orm';
import { descriptionKey } from '@portal/contract';
import { rows, type Queryable } from '../../db/client';

/** The database's form of `descriptionKey` (the unique index `locations_site_description_key`). */
const keyOf = (expr: ReturnType<typeof sql>) => sql`lower(regexp_replace(${expr}, '[[:space:]]+', '', 'g'))`;

export type NamedLocation = {
  siteId: number;
  description: string;
  /** The location itself, when it is being renamed or moved (it does not clash with itself). */
  locationId?: number;
};

/**
 * The entries whose description repeats within their property, ignoring case and spaces:
 * another location of the property has it (a deleted one too, as it can be reactivated), or
 * an earlier entry of the same request. One query for any number of entries.
 */
export async function descriptionClashes<T extends NamedLocation>(q: Queryable, entries: T[]): Promise<T[]> {
  const clashing = new Set<number>();
  const seen = new Set<string>();
  entries.forEach((e, i) => {
    const key = `${e.siteId}:${descriptionKey(e.description)}`;
    if (seen.has(key)) clashing.add(i);
    seen.add(key);
  });
  const existing = await rows<{ i: number }>(
    q,
    sql`
    select e.i from json_to_recordset(${JSON.stringify(
      entries.map((e, i) => ({ i, site_id: e.siteId, description: e.description, location_id: e.locationId ?? null })),
    )}::json) as e(i int, site_id int, description text, location_id int)
    where exists (
      select 1 from locations l
      where l.site_id = e.site_id and ${keyOf(sql`l.description`)} = ${keyOf(sql`e.description`)}
        and l.id is distinct from e.location_id)`,
  );
  for (const { i } of existing) clashing.add(i);
  return entries.filter((_, i) => clashing.has(i));
}
