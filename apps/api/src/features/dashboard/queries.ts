import { sql } from 'drizzle-orm';
import { rows, type Queryable } from '../../db/client';
import { sitesInScope, type Scope } from '../../access/scope';

/**
 * All-time metered usage of the visible properties (each meter's running total, so no day of
 * the roll-up is read) and what their stays were billed: the sum of the statements check-out froze.
 */
export async function usageTotals(q: Queryable, scope: Scope): Promise<{ kwh: number; billed: number }> {
  const [row] = await rows<{ kwh: string | null; billed: string | null }>(
    q,
    sql`
    select
      (select sum(sp.usage_total)
        from sites
        join locations l on l.site_id = sites.id
        join service_points sp on sp.location_id = l.id
        join device_types dt on dt.id = sp.device_type_id and dt.group_id in (1, 2, 6) and dt.unit = 'kWh'
        where ${sitesInScope(scope)}) as kwh,
      (select sum(st.statement_total)
        from stays st join sites on sites.id = st.site_id
        where ${sitesInScope(scope)}) as billed`,
  );
  return { kwh: Number(row?.kwh ?? 0), billed: Number(row?.billed ?? 0) };
}

export type UsageDayRow = { site_id: number; site_name: string; day: string; kwh: string; gallons: string };

/**
 * Daily electric and water usage of each visible property over its last `days` local days
 * (today included), from its roll-up; a day without usage is a day of zeros, so that every
 * property's chart has every date.
 */
export function usageByDay(q: Queryable, scope: Scope, days: number, now: Date): Promise<UsageDayRow[]> {
  return rows<UsageDayRow>(
    q,
    sql`
    select sites.id as site_id, sites.public_name as site_name, to_char(d.day, 'YYYY-MM-DD') as day,
      coalesce(u.kwh, 0) as kwh, coalesce(u.gallons, 0) as gallons
    from sites
    cross join lateral (
      select (${now.toISOString()}::timestamptz at time zone sites.time_zone)::date as today
    ) t
    cross join lateral generate_series(t.today - (${days}::int - 1), t.today, interval '1 day') as d(day)
    left join site_daily_usage u on u.site_id = sites.id and u.day = d.day::date
    where ${sitesInScope(scope)}
    order by sites.public_name, d.day`,
  );
}
