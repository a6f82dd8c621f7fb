import { fromWallClock, toWallClock, type ReadRouteStop } from '@portal/contract';
import type { QueuedReading } from './queue';

/** Where a stop of the route stands: read today (by the server or waiting on the phone), refused, or still to read. */
export type StopState =
  | { kind: 'toRead' }
  | { kind: 'stored' }
  | { kind: 'waiting'; reading: QueuedReading }
  | { kind: 'refused'; reading: QueuedReading };

/** The instant the property's day began (its own zone: a daylight-saving day has 23 or 25 hours). */
export function dayStart(now: Date, timeZone: string): Date {
  const wall = new Date(toWallClock(timeZone, now.getTime()));
  return new Date(fromWallClock(timeZone, Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate())));
}

/** Each stop's state: what waits on the phone first (the newest entry), else read since the day began, else to read. */
export function stopStates(
  stops: readonly ReadRouteStop[],
  queued: readonly QueuedReading[],
  since: Date,
): Map<number, StopState> {
  const latest = new Map(queued.map((q) => [q.servicePointID, q]));
  return new Map(
    stops.map((s): [number, StopState] => {
      const reading = latest.get(s.servicePointID);
      if (reading)
        return [s.servicePointID, reading.refusal ? { kind: 'refused', reading } : { kind: 'waiting', reading }];
      const readToday = s.lastReadAt !== null && Date.parse(s.lastReadAt) >= since.getTime();
      return [s.servicePointID, readToday ? { kind: 'stored' } : { kind: 'toRead' }];
    }),
  );
}

/** How many stops are read (stored today or waiting to be sent) of all. */
export function progressOf(states: ReadonlyMap<number, StopState>): { read: number; total: number } {
  const read = [...states.values()].filter((s) => s.kind === 'stored' || s.kind === 'waiting').length;
  return { read, total: states.size };
}
