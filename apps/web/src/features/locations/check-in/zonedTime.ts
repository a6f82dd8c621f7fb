import { TIME_STEP_MINUTES, fromWallClock, nextSlot, toWallClock } from '@portal/contract';

/**
 * The automatic check-out is entered as a wall time of the property's own time zone
 * ('YYYY-MM-DDTHH:mm', the value of a datetime-local input) and sent as an instant.
 */

/** The wall time of an instant in a zone, as a datetime-local value. */
export function toWallTime(date: Date, timeZone: string): string {
  return new Date(toWallClock(timeZone, date.getTime())).toISOString().slice(0, 16);
}

const WALL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** The instant a wall time of a zone stands for, or null when not a wall time. */
export function fromWallTime(wall: string, timeZone: string): Date | null {
  const m = WALL.exec(wall);
  if (!m) return null;
  const wallMs = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]));
  return new Date(fromWallClock(timeZone, wallMs));
}

/** The earliest automatic check-out: the next 15-minute slot, as a wall time of the zone. */
export function earliestCheckout(now: Date, timeZone: string): string {
  return toWallTime(nextSlot(now), timeZone);
}

/**
 * The default automatic check-out: tomorrow (in the property's zone) at its default
 * checkout time ('HH:mm'), and never before the next 15-minute slot.
 */
export function defaultCheckout(now: Date, timeZone: string, checkoutTime: string): string {
  const today = new Date(toWallClock(timeZone, now.getTime()));
  const tomorrow = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + 1));
  const time = /^\d{2}:\d{2}/.test(checkoutTime) ? checkoutTime.slice(0, 5) : '11:00';
  const wall = `${tomorrow.toISOString().slice(0, 10)}T${time}`;
  const at = fromWallTime(wall, timeZone);
  const earliest = nextSlot(now);
  return at && at >= earliest ? wall : toWallTime(earliest, timeZone);
}

/** Why a wall time cannot be the automatic check-out, or null when it can. */
export function checkoutProblem(wall: string, timeZone: string, now: Date): 'invalid' | 'tooEarly' | 'step' | null {
  const at = fromWallTime(wall, timeZone);
  if (!at) return 'invalid';
  if (at.getTime() % (TIME_STEP_MINUTES * 60_000) !== 0) return 'step';
  return at < nextSlot(now) ? 'tooEarly' : null;
}
