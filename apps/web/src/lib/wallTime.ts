import { fromWallClock, toWallClock } from '@portal/contract';

/**
 * Times entered as a wall time of a property's own zone ('YYYY-MM-DDTHH:mm', the value of a
 * datetime-local input) and sent as instants: the automatic check-out, a tariff's start.
 */

/** The wall time of an instant in a zone, as a datetime-local value. */
export function toWallTime(date: Date, timeZone: string): string {
  return new Date(toWallClock(timeZone, date.getTime())).toISOString().slice(0, 16);
}

const WALL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** The instant a wall time of a zone stands for, or null when it is not a wall time. */
export function fromWallTime(wall: string, timeZone: string): Date | null {
  const m = WALL.exec(wall);
  if (!m) return null;
  const wallMs = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]));
  return new Date(fromWallClock(timeZone, wallMs));
}
