import type { FastifyInstance } from 'fastify';
import websocket from '@fastify/websocket';
import type { WebSocket } from 'ws';
import {
  HUB_SERVER_TIMEOUT_MS,
  HUB_SIGN_IN,
  HUB_SIGN_IN_TIMEOUT_MS,
  liveEvent,
  type LiveMessage,
  type SiteEvent,
} from '@portal/contract';
import { loadPrincipal } from '../features/auth/queries';
import type { TokenClaims } from '../access/tokens';
import { inScope, scopeOf, type Scope } from '../access/scope';
import { accessConfig } from '../access/route';
import { HUB_CHANNEL, type Announced } from './events';
import { siteBusiness } from './queries';

type Client = { socket: WebSocket; userAccountId: number; claims: TokenClaims; scope: Scope; alive: boolean };

const HEARTBEAT_MS = HUB_SERVER_TIMEOUT_MS / 2;

/**
 * The live hub: a websocket per signed-in browser. Events (packages/contract, live-events.ts)
 * arrive from every instance by LISTEN and go only to clients whose scope includes the
 * event's property. A heartbeat every 15 s keeps the line open; a client silent for 30 s is
 * dropped. When the database listener reconnects, events may have been lost meanwhile:
 * every client is told to resync.
 */
export async function registerHub(app: FastifyInstance): Promise<void> {
  const clients = new Set<Client>();
  await app.register(websocket, {
    options: { maxPayload: 4096 },
    // In place of the plugin's own, which closes without a code (1005): going away (1001) tells
    // the browser to reconnect, to another instance or to this one once it is back.
    preClose(done) {
      for (const socket of this.websocketServer.clients) socket.close(1001, 'server shutting down');
      // not waiting for the browsers' answers: a socket that does not answer is cut when the server closes
      this.websocketServer.close();
      done();
    },
  });

  // Browsers cannot set headers on a websocket, and an address is logged and printed: the
  // token comes in the socket's first frame.
  app.get('/api/hub', { websocket: true, config: accessConfig('public'), schema: { hide: true } }, async (socket) => {
    const token = await signInFrame(socket);
    const claims = token === null ? null : await app.deps.tokens.verify(token, app.deps.now());
    const user = claims && (await loadPrincipal(app.deps.db, claims, app.deps.now()));
    if (!user) {
      socket.close(4401, 'unauthenticated');
      return;
    }
    const client: Client = {
      socket,
      userAccountId: user.userAccountId,
      claims,
      scope: scopeOf(user),
      alive: true,
    };
    clients.add(client);
    socket.on('pong', () => (client.alive = true));
    socket.on('message', () => (client.alive = true));
    socket.on('close', () => clients.delete(client));
    // Tells the browser it is live: it refetches what may have changed while it was away.
    send(client, { type: liveEvent.connected, at: new Date().toISOString() });
  });

  const heartbeat = setInterval(() => {
    const at = new Date().toISOString();
    for (const c of clients) {
      if (!c.alive) {
        c.socket.terminate();
        clients.delete(c);
        continue;
      }
      c.alive = false;
      c.socket.ping();
      send(c, { type: liveEvent.heartbeat, at });
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();

  // Notifications are handled one after another, so an access change is in force for the events after it.
  let handled = Promise.resolve();
  const stop = await app.deps.database.listen(
    HUB_CHANNEL,
    (payload) => {
      const events = JSON.parse(payload) as Announced[];
      const changed = new Set(events.flatMap((e) => (e.type === 'accessChanged' ? [e.userAccountId] : [])));
      const live = events.filter((e): e is SiteEvent => e.type !== 'accessChanged' && e.type !== 'commandsSettled');
      handled = handled
        .then(() => rescope(changed))
        .then(() => deliver(live))
        .catch((err: unknown) => app.log.error({ err }, 'hub: events not delivered'));
    },
    () => {
      app.log.warn('hub: the database listener reconnected; clients resync');
      const at = new Date().toISOString();
      for (const c of clients) send(c, { type: liveEvent.resync, at });
    },
  );

  /** The token of the socket's first frame (`{ type: 'signIn', token }`), or null: another frame, none in time, closed. */
  function signInFrame(socket: WebSocket): Promise<string | null> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(null), HUB_SIGN_IN_TIMEOUT_MS);
      timer.unref();
      const done = (token: string | null) => {
        clearTimeout(timer);
        socket.off('close', closed);
        resolve(token);
      };
      const closed = () => done(null);
      socket.once('close', closed);
      socket.once('message', (data) => {
        try {
          const frame = JSON.parse(String(data)) as { type?: unknown; token?: unknown };
          done(frame.type === HUB_SIGN_IN && typeof frame.token === 'string' ? frame.token : null);
        } catch {
          done(null);
        }
      });
    });
  }

  function send(c: Client, message: LiveMessage) {
    c.socket.send(JSON.stringify(message));
  }

  /** A user whose access changed sees from now on what they may now see; one who may not sign in is cut off. */
  async function rescope(userAccountIds: Set<number>) {
    if (!userAccountIds.size) return;
    for (const c of clients) {
      if (!userAccountIds.has(c.userAccountId)) continue;
      // the socket outlives the token it opened with: any token of its session, while the session lives
      const user = await loadPrincipal(app.deps.db, c.claims, app.deps.now(), true);
      if (user) c.scope = scopeOf(user);
      else {
        clients.delete(c);
        c.socket.close(4401, 'unauthenticated');
      }
    }
  }

  async function deliver(events: SiteEvent[]) {
    if (!clients.size || !events.length) return;
    const owners = await siteBusiness(app.deps.db, [...new Set(events.map((e) => e.siteId))]);
    for (const c of clients) {
      const visible = events.filter((e) => {
        const busEntityId = owners.get(e.siteId);
        return busEntityId !== undefined && inScope(c.scope, { siteId: e.siteId, busEntityId, deleted: false });
      });
      for (const e of visible) send(c, e);
    }
  }

  // Before the server closes (the sockets are closed by the plugin's preClose, above).
  app.addHook('preClose', async () => {
    clearInterval(heartbeat);
    await stop();
  });
}
