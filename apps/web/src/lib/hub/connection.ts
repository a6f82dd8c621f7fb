import { HUB_RECONNECT_MS, HUB_SERVER_TIMEOUT_MS, HUB_SIGN_IN, type HubSignIn, liveEvent } from '@portal/contract';
import { type HubFrame, parseHubFrame } from './messages';

/** The part of a browser WebSocket the connection uses (a fake one in tests). */
export type SocketLike = {
  onopen: (() => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: (() => void) | null;
  onerror: (() => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
};

export type ConnectionOptions = {
  /** The hub's address (no token in it: an address is logged and printed). */
  url: string;
  /** The current sign-in token, sent as the socket's first frame; null when signed out. */
  token: () => string | null;
  /**
   * The hub registered this client at `since` (at start, and again after each reconnect):
   * data fetched before may have missed events.
   */
  onConnected: (since: number) => void;
  /** An event of the hub (heartbeats aside), its payload not yet checked. */
  onEvent: (event: HubFrame) => void;
  open?: (url: string) => SocketLike;
  now?: () => number;
  reconnectMs?: number;
  /** No frame (heartbeats come every 15 s) for this long: the line is dead, reconnect. */
  silenceMs?: number;
};

/**
 * One websocket to the live hub, signed in by its first frame: reconnects HUB_RECONNECT_MS
 * after any close, and closes a line that stayed silent past the server's timeout so that it
 * reconnects too.
 */
export class HubConnection {
  private socket: SocketLike | null = null;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private silenceTimer: ReturnType<typeof setTimeout> | null = null;
  private stopped = true;
  private readonly open: (url: string) => SocketLike;
  private readonly now: () => number;
  private readonly reconnectMs: number;
  private readonly silenceMs: number;

  constructor(private readonly opts: ConnectionOptions) {
    this.open = opts.open ?? browserSocket;
    this.now = opts.now ?? Date.now;
    this.reconnectMs = opts.reconnectMs ?? HUB_RECONNECT_MS;
    this.silenceMs = opts.silenceMs ?? HUB_SERVER_TIMEOUT_MS + 5_000;
  }

  start(): void {
    this.stopped = false;
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    this.clearTimers();
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onclose = null;
      socket.onmessage = null;
      socket.close(1000, 'signed out');
    }
  }

  private connect(): void {
    this.reconnectTimer = null;
    if (this.stopped || !this.opts.token()) return;
    let socket: SocketLike;
    try {
      socket = this.open(this.opts.url);
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      const token = this.opts.token();
      if (!token) return socket.close(1000, 'signed out');
      const signIn: HubSignIn = { type: HUB_SIGN_IN, token };
      socket.send(JSON.stringify(signIn));
      this.watchSilence();
    };
    socket.onmessage = (event) => this.receive(parseHubFrame(event.data));
    socket.onerror = () => undefined;
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.scheduleReconnect();
    };
  }

  private receive(message: HubFrame | null): void {
    this.watchSilence();
    if (!message) return;
    if (message.type === liveEvent.connected) this.opts.onConnected(this.now());
    else if (message.type !== liveEvent.heartbeat) this.opts.onEvent(message);
  }

  private watchSilence(): void {
    if (this.silenceTimer) clearTimeout(this.silenceTimer);
    this.silenceTimer = setTimeout(() => this.socket?.close(4000, 'silent'), this.silenceMs);
  }

  private scheduleReconnect(): void {
    if (this.silenceTimer) clearTimeout(this.silenceTimer);
    this.silenceTimer = null;
    if (this.stopped || this.reconnectTimer) return;
    this.reconnectTimer = setTimeout(() => this.connect(), this.reconnectMs);
  }

  private clearTimers(): void {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    if (this.silenceTimer) clearTimeout(this.silenceTimer);
    this.reconnectTimer = null;
    this.silenceTimer = null;
  }
}

/** A browser WebSocket as the connection uses it: its events handed to the handlers set at the time. */
function browserSocket(url: string): SocketLike {
  const ws = new WebSocket(url);
  const socket: SocketLike = {
    onopen: null,
    onmessage: null,
    onclose: null,
    onerror: null,
    send: (data) => ws.send(data),
    close: (code, reason) => ws.close(code, reason),
  };
  ws.onopen = () => socket.onopen?.();
  ws.onmessage = (event) => socket.onmessage?.(event);
  ws.onclose = () => socket.onclose?.();
  ws.onerror = () => socket.onerror?.();
  return socket;
}

/** ws:// or wss:// on this origin. */
export function hubUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}/api/hub`;
}
