import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { dashboardKeys } from '../../features/dashboard';
import { getLogin } from '../../lib/session/session';
import { useLogin } from '../../lib/session/useLogin';
import { HubConnection, hubUrl } from '../../lib/hub/connection';
import { type HubEvent, planRefresh } from '../../lib/hub/messages';

/** Events arriving together (a check-in announces the location and its property) are handled as one. */
const BATCH_MS = 150;

/**
 * The live hub of the signed-in tab: one websocket, opened for the signed-in user and
 * closed on sign-out. Events reload only what they name; (re)connecting reloads the data
 * fetched before the hub was listening.
 */
export function useHub(): void {
  const queryClient = useQueryClient();
  const userId = useLogin()?.userAccountBasicInfo.userAccountID;

  useEffect(() => {
    if (userId === undefined) return;
    let pending: HubEvent[] = [];
    let timer: ReturnType<typeof setTimeout> | null = null;

    const flush = async () => {
      timer = null;
      const plan = planRefresh(pending);
      pending = [];
      // Row refreshes check answers with the contract's schemas (zod): loaded with the first event, not at start-up.
      const { SITE_LISTS_KEY, locationKeys, refreshRows } = await import('../../features/locations/liveData');
      if (plan.siteLists) {
        void queryClient.invalidateQueries({ queryKey: SITE_LISTS_KEY });
        void queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
      }
      for (const siteId of plan.tables) void queryClient.invalidateQueries({ queryKey: locationKeys.table(siteId) });
      for (const { siteId, locationIds } of plan.rows) {
        for (const id of locationIds) void queryClient.invalidateQueries({ queryKey: locationKeys.ofLocation(id) });
        refreshRows(queryClient, siteId, locationIds).catch((error: unknown) => {
          console.warn('hub: row refresh failed, reloading the table', error);
          void queryClient.invalidateQueries({ queryKey: locationKeys.table(siteId) });
        });
      }
    };

    const connection = new HubConnection({
      url: () => {
        const login = getLogin();
        return login ? hubUrl(login.token) : null;
      },
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
