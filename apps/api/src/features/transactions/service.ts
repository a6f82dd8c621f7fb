import type { StayTransaction } from '@portal/contract';
import type { Queryable } from '../../db/client';
import type { Principal } from '../auth/principal';
import { scopeOf } from '../auth/scope';
import { activeStays, completedStays, type TransactionRow } from './queries';

const iso = (v: Date | string) => new Date(v).toISOString();

/** Lists every field by its specification name; usage in kWh truncated to 2 decimals. */
export function presentTransaction(r: TransactionRow): StayTransaction {
  return {
    stayID: r.stay_id,
    siteName: r.site_name,
    locationDescription: r.location_description,
    checkinDateTime: iso(r.checkin_at),
    checkoutDateTime: r.checkout_at === null ? null : iso(r.checkout_at),
    usage: Math.trunc(Number(r.usage ?? 0) * 100) / 100,
    checkInByUserName: r.checked_in_by,
    checkOutByUserName: r.checked_out_by,
  };
}

export async function current(q: Queryable, user: Principal) {
  return (await activeStays(q, scopeOf(user))).map(presentTransaction);
}

export async function history(q: Queryable, user: Principal, filter: number, now: Date) {
  return (await completedStays(q, scopeOf(user), filter, now)).map(presentTransaction);
}
