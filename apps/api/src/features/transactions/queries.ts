import { sql, type SQL } from 'drizzle-orm';
import { DateRangeFilter, TRANSACTIONS_MAX_ROWS } from '@portal/contract';
import { rows, type Queryable } from '../../db/client';
import { sitesInScope, type Scope } from '../auth/scope';

export type TransactionRow = {
  stay_id: number;
  site_name: string;
  location_description: string;
  checkin_at: Date | string;
  checkout_at: Date | string | null;
  usage: string | null;
  checked_in_by: string | null;
  checked_out_by: string | null;
};

/** kWh of a closed stay from its closing figures; of an open one, the rises since check-in (a reset adds nothing). */
const stayKwh = sql`coalesce((
  select sum(case when st.checkout_at is not null then sm.usage else (
    select sum(case when r.is_reset then 0 else greatest(r.total - coalesce(r.prev, sm.opening_reading, r.total), 0) end)
    from (
      select mr.total, mr.is_reset, lag(mr.total) over (order by mr.read_at) as prev
      from meter_readings mr
      where mr.service_point_id = sm.service_point_id and mr.read_at > st.checkin_at
    ) r) end)
  from stay_meters sm
  join service_points sp on sp.id = sm.service_point_id
  join device_types dt on dt.id = sp.device_type_id
  where sm.stay_id = st.id and dt.unit = 'kWh'), 0)`;

function transactions(q: Queryable, scope: Scope, where: SQL, order: SQL) {
  return rows<TransactionRow>(
    q,
    sql`
    select st.id as stay_id, sites.public_name as site_name, l.description as location_description,
      st.checkin_at, st.checkout_at, ${stayKwh} as usage,
      nullif(trim(concat_ws(' ', ci.first_name, ci.last_name)), '') as checked_in_by,
      nullif(trim(concat_ws(' ', co.first_name, co.last_name)), '') as checked_out_by
    from stays st
    join sites on sites.id = st.site_id
    join locations l on l.id = st.location_id
    left join user_accounts uai on uai.id = st.checked_in_by_user_id
    left join contacts ci on ci.id = uai.contact_id
    left join user_accounts uao on uao.id = st.checked_out_by_user_id
    left join contacts co on co.id = uao.contact_id
    where ${sitesInScope(scope)} and ${where}
    order by ${order}
    limit ${TRANSACTIONS_MAX_ROWS}`,
  );
}

/** Stays in progress at the caller's sites, earliest check-in first. */
export function activeStays(q: Queryable, scope: Scope) {
  return transactions(q, scope, sql`st.checkout_at is null`, sql`st.checkin_at asc, st.id`);
}

/** Finished stays at the caller's sites, checked out within the filter's range, latest first. */
export function completedStays(q: Queryable, scope: Scope, filter: number, now: Date) {
  const at = now.toISOString();
  const range =
    filter === DateRangeFilter.Last7Days
      ? sql`st.checkout_at >= ${at}::timestamptz - interval '7 days'`
      : filter === DateRangeFilter.Last30Days
        ? sql`st.checkout_at >= ${at}::timestamptz - interval '30 days'`
        : filter === DateRangeFilter.MonthToDate
          ? sql`st.checkout_at >= (date_trunc('month', ${at}::timestamptz at time zone sites.time_zone) at time zone sites.time_zone)`
          : sql`true`;
  return transactions(q, scope, sql`st.checkout_at is not null and ${range}`, sql`st.checkout_at desc, st.id desc`);
}
