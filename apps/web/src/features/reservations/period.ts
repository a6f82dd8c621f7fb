import { fromWallTime } from '../../lib/wallTime';

/** The days the list is narrowed to ('YYYY-MM-DD', a date input's value; '' for none), in the property's zone. */
export type PeriodDays = { from: string; to: string };
/** The instants the server is asked for: from the first day's start to the last day's end. */
export type Period = { from?: string; to?: string };

/** The day after a 'YYYY-MM-DD'. */
function nextDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, (d ?? 1) + 1)).toISOString().slice(0, 10);
}

/** The start of a day of the zone, or undefined when it is no day. */
function startOf(day: string, timeZone: string): string | undefined {
  return day === '' ? undefined : fromWallTime(`${day}T00:00`, timeZone)?.toISOString();
}

/** The period asked for: from the start of `from` to the end of `to` (both days included); none given: from now on. */
export function periodOf(days: PeriodDays, timeZone: string): Period {
  const from = startOf(days.from, timeZone);
  const to = days.to === '' ? undefined : startOf(nextDay(days.to), timeZone);
  return { ...(from ? { from } : {}), ...(to ? { to } : {}) };
}
