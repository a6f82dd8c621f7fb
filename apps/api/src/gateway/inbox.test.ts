import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DeviceEvents, DeviceRefusal } from './gateway';
import { inboundOf, type Inbound } from './inbound';
import { Inbox } from './inbox';

const at = new Date('2026-11-23T20:15:00Z');
const reading = (deviceKey: string, total = '1') =>
  inboundOf({ kind: 'reading', deviceKey, payload: JSON.stringify({ total, at: at.toISOString() }) }, at, 0);
const ack = (messageId: number) =>
  inboundOf({ kind: 'ack', deviceKey: 'dk-a', payload: JSON.stringify({ messageId, resultCode: 0 }) }, at, 0);
const beat = (deviceKey: string) => inboundOf({ kind: 'heartbeat', deviceKey, payload: '{}' }, at, 0);
const offline = (deviceKey: string) => inboundOf({ kind: 'status', deviceKey, payload: '{"state":"offline"}' }, at, 0);
const garbage = (deviceKey: string) => inboundOf({ kind: 'reading', deviceKey, payload: 'garbage' }, at, 0);

/** What the inbox handed over, call by call; `failing` makes every call fail; the server knows no 'dk-nobody'. */
function recorder() {
  const calls: string[] = [];
  const state = { failing: false };
  const record = async (name: string, items: Array<{ deviceKey: string }>) => {
    await Promise.resolve();
    if (state.failing) throw new Error('database down');
    calls.push(`${name}:${items.map((i) => i.deviceKey).join(',')}`);
  };
  const unknown = (items: Array<{ deviceKey: string }>): DeviceRefusal[] =>
    items
      .filter((i) => i.deviceKey === 'dk-nobody')
      .map((i) => ({ deviceKey: i.deviceKey, reason: 'unknownMeter', detail: '', at }));
  const events: DeviceEvents = {
    acks: (items) => record('acks', items),
    readings: async (items) => (await record('readings', items), unknown(items)),
    heartbeats: async (items) => (await record('heartbeats', items), unknown(items)),
    statuses: async (items) => (await record('statuses', items), unknown(items)),
    refusals: (items) => record('refusals', items),
  };
  return { calls, state, events };
}

describe('the inbox of device messages', () => {
  let r: ReturnType<typeof recorder>;
  let inbox: Inbox;
  let stored: string[];
  let refused: string[];
  const take = (inbound: Inbound, name: string) => inbox.take(inbound, () => stored.push(name));
  beforeEach(() => {
    vi.useFakeTimers();
    r = recorder();
    stored = [];
    refused = [];
    inbox = new Inbox({
      events: r.events,
      log: pino({ level: 'silent' }),
      windowMs: 1_000,
      maxBatch: 5,
      retryMs: 2_000,
      refused: (list) => refused.push(...list.map((x) => `${x.reason}:${x.deviceKey}`)),
    });
  });
  afterEach(() => vi.useRealTimers());

  it('stores a window of readings, heartbeats, statuses and refusals as one batch, then acknowledges each in order', async () => {
    take(offline('dk-1'), 'o1');
    take(reading('dk-1'), 'r1');
    take(garbage('dk-2'), 'bad');
    take(beat('dk-3'), 'b3');
    await vi.advanceTimersByTimeAsync(999);
    expect(r.calls).toEqual([]);
    expect(stored).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    // a meter's loss of its connection is stored after what it said in the same window
    expect(r.calls).toEqual(['readings:dk-1', 'heartbeats:dk-3', 'statuses:dk-1', 'refusals:dk-2']);
    expect(stored).toEqual(['o1', 'r1', 'bad', 'b3']);
  });

  it('stores the refusals of the server (device keys no meter has) with those of the edge, and reports them all', async () => {
    take(reading('dk-nobody'), 'r0');
    take(garbage('dk-2'), 'bad');
    take(beat('dk-nobody'), 'b0');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(r.calls).toEqual(['readings:dk-nobody', 'heartbeats:dk-nobody', 'refusals:dk-2,dk-nobody,dk-nobody']);
    expect(refused).toEqual(['malformed:dk-2', 'unknownMeter:dk-nobody', 'unknownMeter:dk-nobody']);
  });

  it('stores an acknowledgement of a command at once, with what waits', async () => {
    take(reading('dk-1'), 'r1');
    take(ack(7), 'a7');
    await vi.advanceTimersByTimeAsync(0);
    expect(r.calls).toEqual(['acks:dk-a', 'readings:dk-1']);
    expect(stored).toEqual(['r1', 'a7']);
  });

  it('stores a full batch at once and the rest in the next window', async () => {
    for (let i = 1; i <= 7; i++) take(reading(`dk-${i}`), `r${i}`);
    await vi.advanceTimersByTimeAsync(0);
    expect(r.calls).toEqual(['readings:dk-1,dk-2,dk-3,dk-4,dk-5']);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(r.calls).toEqual(['readings:dk-1,dk-2,dk-3,dk-4,dk-5', 'readings:dk-6,dk-7']);
    expect(stored).toEqual(['r1', 'r2', 'r3', 'r4', 'r5', 'r6', 'r7']);
  });

  it('acknowledges nothing while the database fails, and stores the messages again later', async () => {
    r.state.failing = true;
    take(reading('dk-1'), 'r1');
    await vi.advanceTimersByTimeAsync(1_000);
    take(reading('dk-2'), 'r2');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(stored).toEqual([]);
    r.state.failing = false;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(r.calls).toEqual(['readings:dk-1,dk-2']);
    expect(stored).toEqual(['r1', 'r2']);
  });

  it('when stopping, stores what waits at once and takes nothing more', async () => {
    take(reading('dk-1'), 'r1');
    const drained = inbox.drain(10_000);
    expect(take(reading('dk-2'), 'r2')).toBe(false);
    expect(await drained).toBe(0);
    expect(r.calls).toEqual(['readings:dk-1']);
    expect(stored).toEqual(['r1']);
  });

  it('when stopping while the database fails, tries until its deadline and says how many are left', async () => {
    r.state.failing = true;
    take(reading('dk-1'), 'r1');
    const drained = inbox.drain(5_000);
    await vi.advanceTimersByTimeAsync(6_000);
    expect(await drained).toBe(1);
    expect(stored).toEqual([]);
  });
});
