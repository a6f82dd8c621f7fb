/** What other features use of stays: the automatic check-out; checking in and out (reservations from a PMS). */
export { autoCheckOut, checkIn, checkOut, moveAutoCheckOut } from './service';
