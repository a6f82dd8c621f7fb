import { useQuery } from '@tanstack/react-query';
import { api, type AlertThresholdsRequest } from '@portal/contract';
import { client, queryOf } from '../../lib/client';
import { useStoringMutation } from '../../lib/mutations';

const thresholdsQuery = (siteID: number) => queryOf(api.alerts.thresholds, { query: { siteID } });

/** A property's alert thresholds; the dialog opens on what the server holds now. */
export function useAlertThresholds(siteID: number) {
  return useQuery({ ...thresholdsQuery(siteID), gcTime: 0 });
}

/** Sets a property's alert thresholds; the answer is what the server stored. */
export function useSaveAlertThresholds(siteID: number) {
  return useStoringMutation(
    thresholdsQuery(siteID).queryKey,
    async (body: AlertThresholdsRequest) => (await client.alerts.saveThresholds({ body })).result,
  );
}
