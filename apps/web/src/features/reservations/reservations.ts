import type { ReservationRow, ReservationStatus } from '@portal/contract';

export const statusColors: Record<ReservationStatus, string> = {
  booked: 'blue',
  arrived: 'green',
  departed: 'gray',
  cancelled: 'orange',
};

/** The reservation's stay: none yet, the guest in, or out (checked out at the desk too, whatever the PMS says). */
export function stayStateOf(r: Pick<ReservationRow, 'stayID' | 'stayOpen'>): 'none' | 'in' | 'out' {
  if (r.stayID === null) return 'none';
  return r.stayOpen ? 'in' : 'out';
}

/** The conflicts whose fix the page explains; another gets the general hint. */
const HINTED = ['alreadyCheckedIn', 'checkInNotAllowed', 'checkInNoMeter', 'reservationUnknownLocation'] as const;
type Hinted = (typeof HINTED)[number];

/** Which hint tells staff what to do about a conflict. */
export function conflictHint(code: string): Hinted | 'other' {
  return HINTED.find((c) => c === code) ?? 'other';
}

/** What the filters above the table keep: a status, or only the reservations with a conflict. */
export type RowFilters = { status: ReservationStatus | null; onlyConflicts: boolean };

export function filterRows(rows: ReservationRow[], { status, onlyConflicts }: RowFilters): ReservationRow[] {
  return rows.filter((r) => (status === null || r.status === status) && (!onlyConflicts || r.conflict !== null));
}
