import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getLogin } from '../../lib/session/session';
import { useLogin } from '../../lib/session/useLogin';
import { HubConnection, hubUrl } from '../../lib/hub/connection';
import type { LiveHandler } from '../../lib/hub/live';
import type { HubFrame } from '../../lib/hub/messages';

/** Events arriving together (readings of several batches, a check-in and its answers) are handled as one. */
const BATCH_MS = 150;

/**
 * The live hub of the signed-in tab: one websocket, opened for the signed-in user and
 * closed on sign-out. Each feature's handler patches its cached queries or reloads only what the
 * events name (app/hub/liveEvents.ts); (re)connecting reloads the data fetched before the hub
 * was listening, and a `resync` from the server reloads what is shown.
 */
export function useHub(): void {
  const queryClient = useQueryClient();
  const userId = useLogin()?.userAccountBasicInfo.userAccountID;

  useEffect(() => {
    if (userId === undefined) return;
    let pending: HubFrame[] = [];
    let timer: ReturnType<typeof setTimeout> | null = null;
    let handlers: LiveHandler[] | null = null;

    const flush = async () => {
      timer = null;
      const frames = pending;
      pending = [];
      // Events are checked with the contract's schemas (zod): loaded with the first event, not at start-up.
      const live = await import('./liveEvents');
      handlers ??= live.liveHandlers();
      live.applyLiveEvents(queryClient, frames, handlers);
    };

    const connection = new HubConnection({
      url: hubUrl(),
      token: () => getLogin()?.token ?? null,
      onConnected: (since) =>
        void queryClient.invalidateQueries({ predicate: (query) => query.state.dataUpdatedAt < since }),
      onEvent: (event) => {
        pending.push(event);
        timer ??= setTimeout(() => {
          flush().catch((error: unknown) => console.warn('hub: cannot apply live events', error));
        }, BATCH_MS);
      },
    });
    connection.start();
    return () => {
      connection.stop();
      if (timer) clearTimeout(timer);
    };
  }, [queryClient, userId]);
}
