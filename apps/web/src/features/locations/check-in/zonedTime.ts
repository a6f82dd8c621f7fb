import { TIME_STEP_MINUTES, nextSlot } from '@portal/contract';

/**
 * The automatic check-out is entered as a wall time of the property's own time zone
 * ('YYYY-MM-DDTHH:mm', the value of a datetime-local input) and sent as an instant.
 */

type Parts = { year: number; month: number; day: number; hour: number; minute: number };

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

function partsIn(date: Date, timeZone: string): Parts & { second: number } {
  const out: Record<string, number> = {};
  for (const p of formatterOf(timeZone).formatToParts(date)) if (p.type !== 'literal') out[p.type] = Number(p.value);
  return {
    year: out.year ?? 0,
    month: out.month ?? 1,
    day: out.day ?? 1,
    hour: (out.hour ?? 0) % 24,
    minute: out.minute ?? 0,
    second: out.second ?? 0,
  };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The wall time of an instant in a zone, as a datetime-local value. */
export function toWallTime(date: Date, timeZone: string): string {
  const p = partsIn(date, timeZone);
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`;
}

const WALL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** The zone's offset from UTC at an instant, in ms. */
function offsetAt(utcMs: number, timeZone: string): number {
  const p = partsIn(new Date(utcMs), timeZone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(utcMs / 1000) * 1000;
}

/** The instant a wall time of a zone stands for (the later one in a repeated hour), or null when not a wall time. */
export function fromWallTime(wall: string, timeZone: string): Date | null {
  const m = WALL.exec(wall);
  if (!m) return null;
  const asUtc = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]));
  let guess = asUtc - offsetAt(asUtc, timeZone);
  guess = asUtc - offsetAt(guess, timeZone);
  return new Date(guess);
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
  const today = partsIn(now, timeZone);
  const tomorrow = new Date(Date.UTC(today.year, today.month - 1, today.day + 1));
  const time = /^\d{2}:\d{2}/.test(checkoutTime) ? checkoutTime.slice(0, 5) : '11:00';
  const wall = `${pad(tomorrow.getUTCFullYear(), 4)}-${pad(tomorrow.getUTCMonth() + 1)}-${pad(tomorrow.getUTCDate())}T${time}`;
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
