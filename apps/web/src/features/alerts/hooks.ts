import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type AlertDetail } from '@portal/contract';
import { keyOf } from '../../lib/api';
import { client, queryOf } from '../../lib/client';
import { type AlertFilters, alertsQueryOf } from './filters';

/** A page of alerts as the filters ask; the page shown stays while the next one loads. Refreshed each minute. */
export function useAlerts(filters: AlertFilters) {
  return useQuery({
    ...queryOf(api.alerts.list, { query: alertsQueryOf(filters) }),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
}

export type AlertAction = 'acknowledge' | 'resolve';

/** Which alerts an action applies to: acknowledging takes open ones, resolving any not resolved yet. */
export function actionApplies(action: AlertAction, alert: Pick<AlertDetail, 'state'>): boolean {
  return action === 'acknowledge' ? alert.state === 'open' : alert.state !== 'resolved';
}

/**
 * Acknowledges or resolves alerts with a note; answers how many changed. Then everything that
 * counts or lists alerts is fetched again: the Alerts page, the dashboard's panel and the
 * property lists' open-alert counts.
 */
export function useAlertAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ action, alertIDs, note }: { action: AlertAction; alertIDs: number[]; note: string }) =>
      (await client.alerts[action]({ body: { alertIDs, note } })).result.count,
    onSettled: () => {
      for (const call of [api.alerts.list, api.dashboard.alerts, api.sites.visible, api.sites.ofBusiness]) {
        void queryClient.invalidateQueries({ queryKey: keyOf(call) });
      }
    },
  });
}
