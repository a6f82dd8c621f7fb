import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HubConnection, type SocketLike, hubUrl } from './connection';
import type { HubFrame } from './messages';

class FakeSocket implements SocketLike {
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  /** What the browser sent on this socket. */
  sent: unknown[] = [];
  constructor(readonly url: string) {}
  close() {
    this.closed = true;
    this.onclose?.();
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  /** A frame from the server. */
  receive(frame: object) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
}

let sockets: FakeSocket[];
let token: string | null;
const events: HubFrame[] = [];
const connected: number[] = [];

function connection() {
  return new HubConnection({
    url: 'ws://x/api/hub',
    token: () => token,
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
    s.receive({ type: 'connected', at: 'x' });
    s.receive({ type: 'heartbeat', at: 'x' });
    s.receive({ type: 'broadcastsitestatesdata', siteId: 3, at: 'x' });
    s.receive({ type: 'resync', at: 'y' });
    s.receive({ type: 'unknown', at: 'z' });
    expect(connected).toHaveLength(1);
    expect(events).toEqual([
      { type: 'broadcastsitestatesdata', siteId: 3, at: 'x' },
      { type: 'resync', at: 'y' },
    ]);
    c.stop();
  });

  it('signs in by its first frame once open, never by its address', () => {
    const c = connection();
    c.start();
    const s = sockets[0]!;
    expect(s.url).toBe('ws://x/api/hub');
    expect(s.sent).toEqual([]);
    token = 't-at-open';
    s.onopen?.();
    expect(s.sent).toEqual([{ type: 'signIn', token: 't-at-open' }]);
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
    sockets[1]!.onopen?.();
    expect(sockets[1]!.sent).toEqual([{ type: 'signIn', token: 't2' }]);
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

  it('builds the address on this origin, without the token', () => {
    expect(hubUrl({ protocol: 'https:', host: 'portal.example' })).toBe('wss://portal.example/api/hub');
    expect(hubUrl({ protocol: 'http:', host: 'localhost:3000' })).toBe('ws://localhost:3000/api/hub');
  });
});
