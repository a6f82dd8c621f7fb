import { sql, type SQL } from 'drizzle-orm';
import { DateRangeFilter, TRANSACTIONS_MAX_ROWS } from '@portal/contract';
import { rows, type Queryable } from '../../db/client';
import { sitesInScope, type Scope } from '../../access/scope';
import { stayFigures, type StayFiguresDbRow } from '../billing';

export type TransactionRow = StayFiguresDbRow & {
  id: number;
  site_name: string;
  time_zone: string;
  location_description: string;
  guest_first_name: string | null;
  guest_last_name: string | null;
  guest_mobile: string | null;
  checkin_at: Date | string;
  checkout_at: Date | string | null;
  checked_in_by: string | null;
  checked_out_by: string | null;
};

/** A staff member's name, or their email when the contact has none: null only when no user did it. */
const staffName = (contact: string, account: string) =>
  sql.raw(`coalesce(nullif(trim(concat_ws(' ', ${contact}.first_name, ${contact}.last_name)), ''), ${account}.email)`);

function transactions(q: Queryable, scope: Scope, where: SQL, order: SQL) {
  return rows<TransactionRow>(
    q,
    sql`
    select st.id, sites.public_name as site_name, sites.time_zone, l.description as location_description,
      g.first_name as guest_first_name, g.last_name as guest_last_name, g.mobile_number as guest_mobile,
      st.checkin_at, st.checkout_at, ${stayFigures.columns},
      ${staffName('ci', 'uai')} as checked_in_by,
      ${staffName('co', 'uao')} as checked_out_by
    from stays st
    join sites on sites.id = st.site_id
    join locations l on l.id = st.location_id
    left join guests g on g.id = st.guest_id
    left join user_accounts uai on uai.id = st.checked_in_by_user_id
    left join contacts ci on ci.id = uai.contact_id
    left join user_accounts uao on uao.id = st.checked_out_by_user_id
    left join contacts co on co.id = uao.contact_id
    ${stayFigures.join}
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
