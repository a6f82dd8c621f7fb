import { matchesTransactionSearch, type StatementTotal, type StayTransaction } from '@portal/contract';
import type { Queryable } from '../../db/client';
import { statementTotals } from '../billing';
import type { Principal } from '../../access/principal';
import { scopeOf } from '../../access/scope';
import { activeStays, completedStays, type TransactionRow } from './queries';
import { iso } from '../../lib/instants';

/** Lists every field by its specification name; usage in kWh truncated to 2 decimals. */
function presentTransaction(r: TransactionRow, total: StatementTotal): StayTransaction {
  return {
    stayID: r.id,
    siteName: r.site_name,
    timeZone: r.time_zone,
    locationDescription: r.location_description,
    guest:
      r.guest_first_name === null
        ? null
        : { firstName: r.guest_first_name, lastName: r.guest_last_name, mobileNumber: r.guest_mobile ?? '' },
    checkinDateTime: iso(r.checkin_at),
    checkoutDateTime: r.checkout_at === null ? null : iso(r.checkout_at),
    // kWh of the stay (closed: its closing figures; open: so far)
    usage: Math.trunc(Number(r.kwh ?? 0) * 100) / 100,
    estimated: r.estimated,
    statementTotal: total,
    checkInByUserName: r.checked_in_by,
    checkOutByUserName: r.checked_out_by,
  };
}

/** The rows with their statements' totals. */
async function presented(q: Queryable, found: TransactionRow[], now: Date): Promise<StayTransaction[]> {
  const totals = await statementTotals(q, found, now);
  return found.map((r) => presentTransaction(r, totals.get(r.id)!));
}

export async function current(q: Queryable, user: Principal, now: Date) {
  return presented(q, await activeStays(q, scopeOf(user)), now);
}

export async function history(q: Queryable, user: Principal, filter: number, now: Date) {
  return presented(q, await completedStays(q, scopeOf(user), filter, now), now);
}

export type TabView = {
  tab: 'current' | 'history';
  filter: number;
  search: string;
  /** The user's word for an automatic check-out: the search finds it as the table shows it. */
  automatic: string;
};

/** A tab's rows as the user sees them: the same lists as the tabs, then the table's search. */
export async function asShown(q: Queryable, user: Principal, view: TabView, now: Date): Promise<StayTransaction[]> {
  const listed = view.tab === 'current' ? await current(q, user, now) : await history(q, user, view.filter, now);
  return listed.filter((stay) => matchesTransactionSearch(stay, view.search, view.automatic));
}
