import { useQuery } from '@tanstack/react-query';
import { api, type NotificationPreference } from '@portal/contract';
import { keyOf } from '../../lib/api';
import { client, queryOf } from '../../lib/client';
import { useStoringMutation } from '../../lib/mutations';

/** The caller's notification choice for each alert type and severity. */
export function useNotificationPreferences() {
  return useQuery(queryOf(api.alerts.preferences));
}

/** Saves the choices; the answer (every choice as now stored) becomes the cached one. */
export function useSaveNotificationPreferences() {
  return useStoringMutation(
    keyOf(api.alerts.preferences),
    async (preferences: NotificationPreference[]) =>
      (await client.alerts.savePreferences({ body: { preferences } })).result,
  );
}
