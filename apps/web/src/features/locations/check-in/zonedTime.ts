import { TIME_STEP_MINUTES, nextSlot, toWallClock } from '@portal/contract';
import { fromWallTime, toWallTime } from '../../../lib/wallTime';

/** The automatic check-out: a wall time of the property's zone (lib/wallTime.ts), on a 15-minute slot. */

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
