import { type AlertState, type AlertType, kindsOf } from '@portal/contract';
import { sql, type SQL } from 'drizzle-orm';
import { rows, type Queryable } from '../../db/client';
import { sitesInScope, type Scope } from '../../access/scope';

export type AlertListRow = {
  id: number;
  kind: string;
  params: Record<string, string | number | null>;
  site_id: number | null;
  service_point_id: number | null;
  location_id: number | null;
  meter: string | null;
  location: string | null;
  site: string | null;
  time_zone: string | null;
  created_at: Date | string;
  acknowledged_at: Date | string | null;
  acknowledged_by: string | null;
  note: string | null;
  resolved_at: Date | string | null;
  resolution_note: string | null;
  resolved_by: string | null;
};

const idList = (ids: number[]) => `{${ids.join(',')}}`;

export type AlertFilter = { siteId?: number; state: AlertState | ''; type: AlertType | '' };

/** Alerts of the visible properties; alerts of no property only for those who see all. */
const alertsInScope = (scope: Scope): SQL =>
  sql`(${scope.kind === 'all' ? sql`a.site_id is null or ` : sql``}(a.site_id is not null and ${sitesInScope(scope)}))`;

const stateIs: Record<AlertState | '', SQL> = {
  open: sql`a.resolved_at is null and a.acknowledged_at is null`,
  acknowledged: sql`a.resolved_at is null and a.acknowledged_at is not null`,
  resolved: sql`a.resolved_at is not null`,
  '': sql`a.resolved_at is null`,
};

/** The filter's condition over `a` (system_alerts) and `sites`. */
function matching(scope: Scope, f: AlertFilter): SQL {
  const kinds = f.type ? `{${kindsOf(f.type).join(',')}}` : null;
  return sql`${alertsInScope(scope)} and ${stateIs[f.state]}
    ${f.siteId === undefined ? sql`` : sql`and a.site_id = ${f.siteId}`}
    ${kinds === null ? sql`` : sql`and a.kind = any(${kinds}::text[])`}`;
}

const personName = (userId: SQL) => sql`(
  select coalesce(nullif(trim(concat_ws(' ', c.first_name, c.last_name)), ''), u.email)
  from user_accounts u join contacts c on c.id = u.contact_id where u.id = ${userId})`;

/** Alerts with the names of their meter, location, property and people. */
const alertsWithNames = (where: SQL) => sql`
  select a.id, a.kind, a.params, a.site_id, a.service_point_id, a.created_at, a.acknowledged_at, a.note, a.resolved_at,
    a.resolution_note,
    sp.location_id, sp.name as meter, l.description as location, sites.public_name as site, sites.time_zone,
    ${personName(sql`a.acknowledged_by`)} as acknowledged_by, ${personName(sql`a.resolved_by`)} as resolved_by
  from system_alerts a
  left join sites on sites.id = a.site_id
  left join service_points sp on sp.id = a.service_point_id
  left join locations l on l.id = sp.location_id
  where ${where}`;

/** A page of alerts, newest first: the page's ids first, so that only its rows are named. */
export function alertPage(q: Queryable, scope: Scope, f: AlertFilter, page: number, pageSize: number) {
  return rows<AlertListRow>(
    q,
    sql`
    with page as (
      select a.id from system_alerts a left join sites on sites.id = a.site_id
      where ${matching(scope, f)}
      order by a.created_at desc, a.id desc
      limit ${pageSize} offset ${(page - 1) * pageSize}
    )
    ${alertsWithNames(sql`a.id in (select id from page)`)}
    order by a.created_at desc, a.id desc`,
  );
}

export function alertsByIds(q: Queryable, ids: number[]) {
  return rows<AlertListRow>(
    q,
    sql`${alertsWithNames(sql`a.id = any(${idList(ids)}::int[])`)} order by a.created_at, a.id`,
  );
}

export async function alertCount(q: Queryable, scope: Scope, f: AlertFilter): Promise<number> {
  const [row] = await rows<{ n: number }>(
    q,
    sql`
    select count(*)::int as n from system_alerts a left join sites on sites.id = a.site_id where ${matching(scope, f)}`,
  );
  return row?.n ?? 0;
}

/** Acknowledges the open ones among these alerts; answers those that changed. */
export async function acknowledge(q: Queryable, ids: number[], userId: number, note: string, now: Date) {
  const done = await rows<{ id: number }>(
    q,
    sql`
    update system_alerts set acknowledged_at = ${now}, acknowledged_by = ${userId}, note = ${note || null}
    where id = any(${idList(ids)}::int[]) and resolved_at is null and acknowledged_at is null
    returning id`,
  );
  return done.map((d) => d.id);
}

/** Resolves the unresolved ones among these alerts by hand, with the resolver's note; answers those that changed. */
export async function resolve(q: Queryable, ids: number[], userId: number, note: string, now: Date) {
  const done = await rows<{ id: number }>(
    q,
    sql`
    update system_alerts set resolved_at = ${now}, resolved_by = ${userId}, resolution_note = ${note || null}
    where id = any(${idList(ids)}::int[]) and resolved_at is null
    returning id`,
  );
  return done.map((d) => d.id);
}
