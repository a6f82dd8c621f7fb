/**
 * Wall-clock time in a property's IANA time zone and back. A wall-clock time is held as
 * milliseconds read as if they were UTC, so that Date.UTC and the getUTC… methods work
 * on its days and hours. Intl only: the same code runs in the browser and in Node.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The zone's offset from UTC at an instant, in ms (wall clock minus UTC). */
export function utcOffsetMs(timeZone: string, utcMs: number): number {
  const part: Record<string, number> = {};
  for (const p of formatterOf(timeZone).formatToParts(utcMs)) if (p.type !== 'literal') part[p.type] = Number(p.value);
  const wall = Date.UTC(
    part.year ?? 1970,
    (part.month ?? 1) - 1,
    part.day ?? 1,
    // Some engines have written midnight as 24 even with the h23 cycle.
    (part.hour ?? 0) % 24,
    part.minute ?? 0,
    part.second ?? 0,
  );
  return wall - Math.floor(utcMs / 1000) * 1000;
}

/** The wall-clock time of an instant in the zone. */
export function toWallClock(timeZone: string, utcMs: number): number {
  return utcMs + utcOffsetMs(timeZone, utcMs);
}

/**
 * The instant of a wall-clock time in the zone. A time the clocks skip or repeat follows
 * no single rule: west of UTC a repeated time gets its first instant and a skipped one
 * lands an hour earlier, east of UTC the second instant and an hour later.
 */
export function fromWallClock(timeZone: string, wallMs: number): number {
  const guess = wallMs - utcOffsetMs(timeZone, wallMs);
  return wallMs - utcOffsetMs(timeZone, guess);
}
