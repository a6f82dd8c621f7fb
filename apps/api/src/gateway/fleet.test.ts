import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { behaviourOf, Fleet, FAILURE_CODE, garblesReadings, TURNS, type SimulatedMeter } from './fleet';
import type { DeviceMessage } from './gateway';
import { inboundOf } from './inbound';

const meter = (deviceKey: string, over: Partial<SimulatedMeter> = {}): SimulatedMeter => ({
  deviceKey,
  unit: 'kWh',
  milli: 1_000_000,
  on: false,
  behaviour: 'answers',
  utcOffsetHours: 0,
  ...over,
});

const body = (m: DeviceMessage) => JSON.parse(m.payload) as Record<string, unknown>;

describe('the simulated fleet', () => {
  let said: DeviceMessage[];
  const acks = () => said.filter((m) => m.kind === 'ack').map((m) => [m.deviceKey, body(m).resultCode]);
  const readings = () => said.filter((m) => m.kind === 'reading').map(body);
  let fleet: Fleet;
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2026-11-20T19:00:00Z') });
    said = [];
    fleet = new Fleet({ speed: 10, answerDelayMs: [1_000, 5_000], send: (m) => said.push(...m) });
    fleet.add([meter('ok'), meter('bad', { behaviour: 'fails' }), meter('mute', { behaviour: 'silent' })]);
  });
  afterEach(() => vi.useRealTimers());

  it('answers within 1 to 5 seconds; a failing meter with its error code; a silent one never', () => {
    for (const key of ['ok', 'bad', 'mute'])
      fleet.command({ messageId: key.length, deviceKey: key, capabilityId: null, requestedState: 1 });
    vi.advanceTimersByTime(999);
    expect(acks()).toEqual([]);
    vi.advanceTimersByTime(4_001);
    expect(acks().sort()).toEqual([
      ['bad', FAILURE_CODE],
      ['ok', 0],
    ]);
    vi.advanceTimersByTime(60_000);
    expect(acks()).toHaveLength(2);
  });

  it('reports growing totals only while on, following the evening peak', () => {
    fleet.command({ messageId: 1, deviceKey: 'ok', capabilityId: null, requestedState: 1 });
    fleet.tick();
    expect(readings()).toEqual([]);
    vi.advanceTimersByTime(5_000);
    fleet.tick();
    const before = Number(readings().at(-1)!.total);
    vi.advanceTimersByTime(30_000);
    fleet.tick();
    // 19:00 local: 3.0 kWh an hour; 30 s at ten times speed is 0.25 kWh.
    expect(Number(readings().at(-1)!.total) - before).toBeCloseTo(0.25, 3);
  });

  it('keeps a leaking water meter running while its relay is off', () => {
    fleet.add([meter('leak', { unit: 'gal', leakPerHour: 1.2 }), meter('dry', { unit: 'gal' })]);
    vi.advanceTimersByTime(60_000);
    fleet.tick();
    const totals = () =>
      said.filter((m) => m.kind === 'reading' && m.deviceKey === 'leak').map((m) => Number(body(m).total));
    expect(said.filter((m) => m.kind === 'reading' && m.deviceKey === 'dry')).toEqual([]);
    vi.advanceTimersByTime(30_000);
    fleet.tick();
    // 30 s at ten times speed is 5 demo minutes: a tenth of a gallon at 1.2 an hour
    const [a, b] = totals().slice(-2);
    expect(b! - a!).toBeCloseTo(0.1, 3);
  });

  it('has each meter report once an interval, in its own turn, so batches stay small', () => {
    const batches: DeviceMessage[][] = [];
    const beats: number[] = [];
    const many = new Fleet({
      speed: 10,
      answerDelayMs: [1_000, 5_000],
      send: (m) => (m[0]!.kind === 'reading' ? batches.push(m) : beats.push(m.length)),
    });
    many.add(Array.from({ length: 3000 }, (_, i) => meter(`dk-E${String(i).padStart(6, '0')}`, { on: true })));
    many.start(30, 60);
    vi.advanceTimersByTime(30_000);
    many.stop();
    const reported = batches.flat().map((r) => r.deviceKey);
    expect(new Set(reported).size).toBe(3000);
    expect(reported).toHaveLength(3000);
    expect(batches).toHaveLength(TURNS);
    expect(Math.max(...batches.map((b) => b.length))).toBeLessThan(3 * (3000 / TURNS));
    // Heartbeats come every 60 s: half the turns have spoken.
    expect(beats.reduce((a, b) => a + b, 0)).toBeGreaterThan(1300);
    expect(beats.reduce((a, b) => a + b, 0)).toBeLessThan(1700);
    vi.advanceTimersByTime(60_000);
    expect(batches).toHaveLength(TURNS);
  });

  it('spreads the misbehaving meters evenly and stably', () => {
    const kinds = Array.from({ length: 1000 }, (_, i) => behaviourOf(`dk-E${String(i).padStart(6, '0')}`));
    expect(kinds.filter((k) => k === 'fails').length).toBeGreaterThan(15);
    expect(kinds.filter((k) => k === 'fails').length).toBeLessThan(80);
    expect(behaviourOf('dk-E000001')).toBe(behaviourOf('dk-E000001'));
  });

  it('has one meter in twenty-five send every third reading so that the server refuses it, for each reason in turn', () => {
    const keys = Array.from({ length: 1000 }, (_, i) => `dk-E${String(i).padStart(6, '0')}`);
    const garbling = keys.filter(garblesReadings);
    expect(garbling.length).toBeGreaterThan(15);
    expect(garbling.length).toBeLessThan(80);
    fleet.add([meter(garbling[0]!, { on: true })]);
    for (let i = 0; i < 12; i++) {
      vi.advanceTimersByTime(30_000);
      fleet.tick();
    }
    const sent = said.filter((m) => m.deviceKey === garbling[0]);
    const outcomes = sent.map((m) => {
      const inbound = inboundOf(m, new Date(), 300_000);
      return inbound.kind === 'refusal' ? inbound.refusal.reason : inbound.kind;
    });
    expect(outcomes).toEqual([
      ...['malformed', 'reading', 'reading'],
      ...['outOfRange', 'reading', 'reading'],
      ...['badTimestamp', 'reading', 'reading'],
      ...['clockAhead', 'reading', 'reading'],
    ]);
  });
});
