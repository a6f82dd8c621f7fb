import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HubConnection, type SocketLike, hubUrl } from './connection';
import type { HubFrame } from './messages';

class FakeSocket implements SocketLike {
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  constructor(readonly url: string) {}
  close() {
    this.closed = true;
    this.onclose?.();
  }
  send(frame: object) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
}

let sockets: FakeSocket[];
let token: string | null;
const events: HubFrame[] = [];
const connected: number[] = [];

function connection() {
  return new HubConnection({
    url: () => (token ? `ws://x/api/hub?access_token=${token}` : null),
    onConnected: (since) => connected.push(since),
    onEvent: (e) => events.push(e),
    open: (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s;
    },
    now: () => Date.now(),
    reconnectMs: 10_000,
    silenceMs: 35_000,
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  sockets = [];
  token = 't1';
  events.length = 0;
  connected.length = 0;
});
afterEach(() => vi.useRealTimers());

describe('hub connection', () => {
  it('passes events on, ignores heartbeats, and reports the connection', () => {
    const c = connection();
    c.start();
    const s = sockets[0]!;
    s.onopen?.();
    s.send({ type: 'connected', at: 'x' });
    s.send({ type: 'heartbeat', at: 'x' });
    s.send({ type: 'broadcastsitestatesdata', siteId: 3, at: 'x' });
    s.send({ type: 'resync', at: 'y' });
    s.send({ type: 'unknown', at: 'z' });
    expect(connected).toHaveLength(1);
    expect(events).toEqual([
      { type: 'broadcastsitestatesdata', siteId: 3, at: 'x' },
      { type: 'resync', at: 'y' },
    ]);
    c.stop();
  });

  it('reconnects 10 s after a close, with the token of that moment', () => {
    const c = connection();
    c.start();
    token = 't2';
    sockets[0]!.close();
    vi.advanceTimersByTime(9_999);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    expect(sockets[1]!.url).toContain('access_token=t2');
    c.stop();
  });

  it('closes a silent line and reconnects', () => {
    const c = connection();
    c.start();
    sockets[0]!.onopen?.();
    vi.advanceTimersByTime(35_000);
    expect(sockets[0]!.closed).toBe(true);
    vi.advanceTimersByTime(10_000);
    expect(sockets).toHaveLength(2);
    c.stop();
  });

  it('stays closed after stop, and does not connect when signed out', () => {
    const c = connection();
    c.start();
    c.stop();
    expect(sockets[0]!.closed).toBe(true);
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
    token = null;
    const d = connection();
    d.start();
    expect(sockets).toHaveLength(1);
    d.stop();
  });

  it('builds the address on this origin', () => {
    expect(hubUrl('a b', { protocol: 'https:', host: 'portal.example' })).toBe(
      'wss://portal.example/api/hub?access_token=a%20b',
    );
    expect(hubUrl('t', { protocol: 'http:', host: 'localhost:3000' })).toBe(
      'ws://localhost:3000/api/hub?access_token=t',
    );
  });
});
