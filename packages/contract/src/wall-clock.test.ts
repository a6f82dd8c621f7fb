import { describe, expect, it } from 'vitest';
import { fromWallClock, toWallClock } from './wall-clock';

const wall = (text: string) => Date.parse(`${text}Z`);
const iso = (ms: number) => new Date(ms).toISOString();

describe('wall-clock time of a zone', () => {
  it.each([
    ['America/Phoenix', '2026-07-04T18:00:00.000Z', '2026-07-04T11:00:00.000Z'],
    ['America/New_York', '2026-07-04T18:00:00.000Z', '2026-07-04T14:00:00.000Z'],
    ['America/New_York', '2026-01-10T16:00:00.000Z', '2026-01-10T11:00:00.000Z'],
    ['America/Phoenix', '2026-03-11T06:30:00.000Z', '2026-03-10T23:30:00.000Z'],
    ['Asia/Kathmandu', '2026-05-01T00:00:00.000Z', '2026-05-01T05:45:00.000Z'],
    ['UTC', '2026-05-01T12:07:59.123Z', '2026-05-01T12:07:59.123Z'],
  ])('in %s, %s is %s on the wall and back', (timeZone, instant, wallClock) => {
    expect(iso(toWallClock(timeZone, Date.parse(instant)))).toBe(wallClock);
    expect(iso(fromWallClock(timeZone, Date.parse(wallClock)))).toBe(instant);
  });

  it('keeps the seconds and milliseconds of an instant', () => {
    expect(iso(toWallClock('America/Denver', Date.parse('2026-02-01T20:15:42.250Z')))).toBe('2026-02-01T13:15:42.250Z');
  });

  it.each([
    ['repeated', 'America/New_York', '2026-11-01T01:30', '2026-11-01T05:30:00.000Z'],
    ['skipped', 'America/New_York', '2026-03-08T02:30', '2026-03-08T06:30:00.000Z'],
    ['repeated', 'Europe/Berlin', '2026-10-25T02:30', '2026-10-25T01:30:00.000Z'],
    ['skipped', 'Europe/Berlin', '2026-03-29T02:30', '2026-03-29T01:30:00.000Z'],
  ])('gives a %s time of %s, %s, the instant %s', (_kind, timeZone, wallClock, instant) => {
    expect(iso(fromWallClock(timeZone, wall(wallClock)))).toBe(instant);
  });
});
