import type { ReservationRow } from '@portal/contract';

/** What the Reservations tests' server answers. */
export const RESERVATIONS = 'GET Integrations/GetReservations';
export const SETTINGS = 'GET Integrations/GetReservationSettings';
export const SAVE_SETTINGS = 'PUT Integrations/UpdateReservationSettings';
export const SITES = 'GET site/GetSitesWithLocationStatesBasedOnUserRole';

/** A reservation of property 3 from the PMS key "Newbook": booked at Pad 1, arriving Dec 4, 2026 15:00 in Phoenix. */
export function reservationRow(id: number, overrides: Partial<ReservationRow> = {}): ReservationRow {
  return {
    reservationID: id,
    externalID: `RES-${id}`,
    locationDescription: `Pad ${id}`,
    locationID: 100 + id,
    arrival: '2026-12-04T22:00:00.000Z',
    departure: '2026-12-07T18:00:00.000Z',
    guestName: `Guest ${id}`,
    status: 'booked',
    stayID: null,
    stayOpen: false,
    source: 'Newbook',
    conflict: null,
    updatedAt: '2026-12-01T10:00:00.000Z',
    ...overrides,
  };
}
