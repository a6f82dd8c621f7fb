import { asc, eq, sql } from 'drizzle-orm';
import { rows, type Queryable } from '../../db/client';
import { reportTypes } from '../../db/schema';

export function listReportTypes(q: Queryable) {
  return q.select().from(reportTypes).orderBy(asc(reportTypes.displayOrder), asc(reportTypes.id));
}

export async function reportTypeById(q: Queryable, id: number) {
  const [row] = await q.select().from(reportTypes).where(eq(reportTypes.id, id));
  return row ?? null;
}

export async function siteForReport(q: Queryable, siteId: number) {
  const [row] = await rows<{ name: string; time_zone: string; billing_rate: string; water_billing_rate: string }>(
    q,
    sql`
    select s.public_name as name, s.time_zone, coalesce(ss.billing_rate, 0)::text as billing_rate,
      coalesce(ss.water_billing_rate, 0)::text as water_billing_rate
    from sites s left join site_settings ss on ss.site_id = s.id
    where s.id = ${siteId}`,
  );
  return row ?? null;
}

/** A location of the site by its description (case-insensitive), live ones first. */
export async function locationByDescription(q: Queryable, siteId: number, description: string) {
  const [row] = await rows<{ id: number }>(
    q,
    sql`
    select id from locations
    where site_id = ${siteId} and lower(description) = lower(${description})
    order by deleted, id limit 1`,
  );
  return row?.id ?? null;
}

/** The location search of the report dialog: descriptions containing the text, within the site. */
export function searchDescriptions(q: Queryable, siteId: number, search: string) {
  const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return rows<{ locationID: number; locationDescription: string }>(
    q,
    sql`
    select id as "locationID", description as "locationDescription" from locations
    where site_id = ${siteId} and not deleted and description ilike ${like}
    order by description, id limit 20`,
  );
}
