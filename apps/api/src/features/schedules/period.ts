import { toWallClock, utcOffsetMs, type ScheduleFrequency } from '@portal/contract';

/**
 * When a scheduled report runs and what it covers, in the property's time zone. Calendar
 * arithmetic is on whole local days (days since 1970-01-01, integers) and wall-clock
 * milliseconds (contract's wall-clock.ts); only Intl knows the zone's offsets.
 */

const MINUTE = 60_000;
const DAY = 86_400_000;

export type ScheduleTiming = {
  frequency: ScheduleFrequency;
  /** Local time 'HH:mm' (seconds, if any, are ignored). */
  time: string;
  timeZone: string;
  /** ISO day of the week the property's weeks start on: 1 Monday … 7 Sunday (site_settings.week_start). */
  weekStart: number;
};

/** A run slot: the instant it is due and the local day it belongs to. */
export type Slot = { at: Date; day: number };

/** The period a run covers, local to the property: 'YYYY-MM-DD HH:mm', the end exclusive. */
export type Period = { start: string; end: string };

const dayText = (day: number) => new Date(day * DAY).toISOString().slice(0, 10);

/** ISO day of the week of a local day: 1 Monday … 7 Sunday (1970-01-01 was a Thursday). */
export const isoWeekday = (day: number) => ((((day + 3) % 7) + 7) % 7) + 1;

function minutesOf(time: string): number {
  const [h, m] = time.split(':');
  return Number(h) * 60 + Number(m);
}

/**
 * The first instant whose wall clock in the zone reads `wall` or later: the instant itself on
 * an ordinary day, the first of the two on a fall-back day (the time happens twice, the run
 * once), and the end of the gap on a spring-forward day (the time never happens).
 */
export function firstInstantAt(timeZone: string, wall: number): number {
  const before = wall - utcOffsetMs(timeZone, wall - DAY);
  const after = wall - utcOffsetMs(timeZone, wall + DAY);
  const exact = [before, after].filter((u) => toWallClock(timeZone, u) === wall);
  if (exact.length) return Math.min(...exact);
  // in the gap: search the second the clocks jump over it
  let lo = Math.min(before, after);
  let hi = Math.max(before, after);
  while (hi - lo > 1000) {
    const mid = lo + Math.floor((hi - lo) / 2000) * 1000;
    if (toWallClock(timeZone, mid) >= wall) hi = mid;
    else lo = mid;
  }
  return hi;
}

/** The run day of the period that holds `day`: the day itself, the week's start, the 1st of the month. */
function runDayOnOrBefore(t: ScheduleTiming, day: number): number {
  switch (t.frequency) {
    case 'daily':
      return day;
    case 'weekly':
      return day - ((isoWeekday(day) - t.weekStart + 7) % 7);
    case 'monthly': {
      const d = new Date(day * DAY);
      return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) / DAY;
    }
  }
}

/** The run day `n` periods after (or before, n < 0) a run day. */
function shiftRunDay(t: ScheduleTiming, day: number, n: number): number {
  switch (t.frequency) {
    case 'daily':
      return day + n;
    case 'weekly':
      return day + 7 * n;
    case 'monthly': {
      const d = new Date(day * DAY);
      return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, 1) / DAY;
    }
  }
}

function slotOn(t: ScheduleTiming, day: number): Slot {
  return { at: new Date(firstInstantAt(t.timeZone, day * DAY + minutesOf(t.time) * MINUTE)), day };
}

/** The local day an instant falls on in the zone. */
export function localDay(timeZone: string, at: Date): number {
  return Math.floor(toWallClock(timeZone, at.getTime()) / DAY);
}

/** The first run strictly after `now`. */
export function nextSlot(t: ScheduleTiming, now: Date): Slot {
  let day = runDayOnOrBefore(t, localDay(t.timeZone, now));
  let slot = slotOn(t, day);
  while (slot.at.getTime() <= now.getTime()) {
    day = shiftRunDay(t, day, 1);
    slot = slotOn(t, day);
  }
  return slot;
}

/** The last run at or before `now`: the one a server makes when it finds a schedule due. */
export function latestSlot(t: ScheduleTiming, now: Date): Slot {
  let day = runDayOnOrBefore(t, localDay(t.timeZone, now));
  let slot = slotOn(t, day);
  while (slot.at.getTime() > now.getTime()) {
    day = shiftRunDay(t, day, -1);
    slot = slotOn(t, day);
  }
  return slot;
}

/**
 * What the run of a run day covers: the period just ended, from the previous run day's
 * midnight to the run day's midnight (the day before, the 7 days before, the month before).
 */
export function periodOf(t: ScheduleTiming, runDay: number): Period {
  return { start: `${dayText(shiftRunDay(t, runDay, -1))} 00:00`, end: `${dayText(runDay)} 00:00` };
}

/** The last day a period covers ('YYYY-MM-DD'): the day before its exclusive end. */
export function lastDayOf(period: Period): string {
  return dayText(Date.parse(`${period.end.slice(0, 10)}T00:00:00Z`) / DAY - 1);
}
