import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SCHEDULE_FREQUENCIES, toWallClock, utcOffsetMs } from '@portal/contract';
import {
  firstInstantAt,
  isoWeekday,
  lastDayOf,
  latestSlot,
  localDay,
  nextSlot,
  periodOf,
  type ScheduleTiming,
} from './period';

const MINUTE = 60_000;
const DAY = 86_400_000;

/** Zones with daylight saving of every kind: an hour, half an hour, at midnight, east and west of UTC. */
const DST_ZONES = [
  'America/Denver',
  'America/New_York',
  'Europe/Berlin',
  'Europe/London',
  'Australia/Sydney',
  'Australia/Lord_Howe',
  'Pacific/Chatham',
  'America/Santiago',
  'America/Havana',
  'America/St_Johns',
  'Asia/Jerusalem',
];
const zone = fc.oneof(fc.constantFrom(...DST_ZONES), fc.constantFrom(...Intl.supportedValuesOf('timeZone')));
const time = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
  .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
const timing = fc.record<ScheduleTiming>({
  frequency: fc.constantFrom(...SCHEDULE_FREQUENCIES),
  time,
  timeZone: zone,
  weekStart: fc.integer({ min: 1, max: 7 }),
});
const instant = fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2037, 11, 31) }).map((ms) => new Date(ms));

/** The instants a zone's offset changes in a year (found week by week, then to the minute). */
function transitionsOf(timeZone: string, year: number): number[] {
  const found: number[] = [];
  const WEEK = 7 * DAY;
  for (let d = Date.UTC(year, 0, 1); d < Date.UTC(year + 1, 0, 1); d += WEEK) {
    if (utcOffsetMs(timeZone, d) === utcOffsetMs(timeZone, d + WEEK)) continue;
    let lo = d;
    let hi = d + WEEK;
    while (hi - lo > MINUTE) {
      const mid = lo + Math.floor((hi - lo) / 2 / MINUTE) * MINUTE;
      if (utcOffsetMs(timeZone, mid) === utcOffsetMs(timeZone, lo)) lo = mid;
      else hi = mid;
    }
    found.push(hi);
  }
  return found;
}
const transitions = new Map<string, number[]>();
const transitionsCached = (timeZone: string, year: number) => {
  const key = `${timeZone} ${year}`;
  if (!transitions.has(key)) transitions.set(key, transitionsOf(timeZone, year));
  return transitions.get(key)!;
};

/**
 * Within a few hours of a change of a daylight-saving zone's offset: an instant, and a wall
 * time (which may fall in the gap or the overlap).
 */
const nearTransition = fc
  .record({
    timeZone: fc.constantFrom(...DST_ZONES),
    year: fc.integer({ min: 2000, max: 2037 }),
    which: fc.nat(),
    minutes: fc.integer({ min: -240, max: 240 }),
  })
  .map(({ timeZone, year, which, minutes }) => {
    const list = transitionsCached(timeZone, year);
    const change = list.length ? list[which % list.length]! : Date.UTC(year, 6, 1);
    const wallBefore = toWallClock(timeZone, change - MINUTE) + MINUTE;
    return { timeZone, at: new Date(change + minutes * MINUTE), wall: wallBefore + minutes * MINUTE };
  });

/** The oracle: minute by minute, the first instant whose wall clock reads `wall` or later. */
function scanFirstInstant(timeZone: string, wall: number): number {
  for (let u = wall - 16 * 3_600_000; ; u += MINUTE) if (toWallClock(timeZone, u) >= wall) return u;
}

const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
const dayOfText = (text: string) => Date.parse(`${text.slice(0, 10)}T00:00:00Z`) / DAY;

describe('firstInstantAt', () => {
  it.each([
    ['an ordinary day', '2026-07-01T06:00', '2026-07-01T12:00:00.000Z'],
    ['spring forward: 02:30 does not exist, the run is at 03:00 MDT', '2026-03-08T02:30', '2026-03-08T09:00:00.000Z'],
    ['spring forward: 02:00 does not exist either', '2026-03-08T02:00', '2026-03-08T09:00:00.000Z'],
    ['fall back: 01:30 happens twice, the run is at the first', '2026-11-01T01:30', '2026-11-01T07:30:00.000Z'],
  ])('America/Denver on %s', (_, local, expected) => {
    const wall = Date.parse(`${local}:00Z`);
    expect(new Date(firstInstantAt('America/Denver', wall)).toISOString()).toBe(expected);
  });

  it('is the first instant whose wall clock reaches the time, in any zone on any day', () => {
    fc.assert(
      fc.property(zone, instant, time, (tz, at, hhmm) => {
        const wall = localDay(tz, at) * DAY + minutes(hhmm) * MINUTE;
        expect(firstInstantAt(tz, wall)).toBe(scanFirstInstant(tz, wall));
      }),
      { numRuns: 150 },
    );
  });
});

describe('near the changes of daylight saving', () => {
  it('firstInstantAt is the first instant whose wall clock reaches the time', () => {
    fc.assert(
      fc.property(nearTransition, ({ timeZone, wall }) => {
        expect(firstInstantAt(timeZone, wall)).toBe(scanFirstInstant(timeZone, wall));
      }),
      { numRuns: 300 },
    );
  });

  it('the next run is the first instant at the local time, once, on its day', () => {
    fc.assert(
      fc.property(
        nearTransition,
        fc.constantFrom(...SCHEDULE_FREQUENCIES),
        fc.integer({ min: 1, max: 7 }),
        fc.integer({ min: -3 * 24 * 60, max: 60 }),
        ({ timeZone, at, wall }, frequency, weekStart, early) => {
          const hhmm = new Date(wall).toISOString().slice(11, 16);
          const t: ScheduleTiming = { frequency, time: hhmm, timeZone, weekStart };
          const now = new Date(at.getTime() + early * MINUTE);
          const next = nextSlot(t, now);
          expect(next.at.getTime()).toBe(scanFirstInstant(timeZone, next.day * DAY + minutes(hhmm) * MINUTE));
          expect(next.at.getTime()).toBeGreaterThan(now.getTime());
          expect(latestSlot(t, new Date(next.at.getTime() - 1)).at.getTime()).toBeLessThanOrEqual(now.getTime());
          const following = nextSlot(t, next.at);
          expect(following.day).toBeGreaterThan(next.day);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('next run and period', () => {
  it('the next run is after now, is a run itself, and no run lies between', () => {
    fc.assert(
      fc.property(timing, instant, (t, now) => {
        const next = nextSlot(t, now);
        expect(next.at.getTime()).toBeGreaterThan(now.getTime());
        expect(latestSlot(t, next.at)).toEqual(next);
        expect(latestSlot(t, new Date(next.at.getTime() - 1)).at.getTime()).toBeLessThanOrEqual(now.getTime());
        expect(nextSlot(t, latestSlot(t, now).at)).toEqual(next);
      }),
      { numRuns: 300 },
    );
  });

  it('runs at the local time on the right local day: every day, on the week start, on the 1st', () => {
    fc.assert(
      fc.property(timing, instant, (t, now) => {
        const { at, day } = nextSlot(t, now);
        expect(at.getTime()).toBe(scanFirstInstant(t.timeZone, day * DAY + minutes(t.time) * MINUTE));
        if (t.frequency === 'weekly') expect(isoWeekday(day)).toBe(t.weekStart);
        if (t.frequency === 'monthly') expect(new Date(day * DAY).getUTCDate()).toBe(1);
        // the local day it runs on is its day (a skipped time moves it forward by the gap only)
        expect(localDay(t.timeZone, at)).toBe(day);
      }),
      { numRuns: 150 },
    );
  });

  it('each run covers the period just ended, and consecutive runs cover consecutive periods', () => {
    fc.assert(
      fc.property(timing, instant, (t, now) => {
        const run = nextSlot(t, now);
        const following = nextSlot(t, run.at);
        const period = periodOf(t, run.day);
        expect(period.end).toBe(`${new Date(run.day * DAY).toISOString().slice(0, 10)} 00:00`);
        expect(periodOf(t, following.day).start).toBe(period.end);
        const days = run.day - dayOfText(period.start);
        if (t.frequency === 'daily') expect(days).toBe(1);
        if (t.frequency === 'weekly') expect(days).toBe(7);
        if (t.frequency === 'monthly') {
          expect(days).toBeGreaterThanOrEqual(28);
          expect(days).toBeLessThanOrEqual(31);
          expect(period.start.slice(8)).toBe('01 00:00');
        }
        expect(dayOfText(lastDayOf(period))).toBe(run.day - 1);
      }),
      { numRuns: 300 },
    );
  });

  it('a weekly report of a Denver property, Monday weeks, across the end of daylight saving', () => {
    const t: ScheduleTiming = { frequency: 'weekly', time: '06:00', timeZone: 'America/Denver', weekStart: 1 };
    const before = nextSlot(t, new Date('2026-10-26T11:00:00Z'));
    expect(before.at.toISOString()).toBe('2026-10-26T12:00:00.000Z'); // 06:00 MDT
    const after = nextSlot(t, before.at);
    expect(after.at.toISOString()).toBe('2026-11-02T13:00:00.000Z'); // 06:00 MST
    expect(periodOf(t, after.day)).toEqual({ start: '2026-10-26 00:00', end: '2026-11-02 00:00' });
  });
});
