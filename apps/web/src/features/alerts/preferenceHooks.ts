import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type NotificationPreference } from '@portal/contract';
import { keyOf } from '../../lib/api';
import { client, queryOf } from '../../lib/client';

/** The caller's notification choice for each alert type and severity. */
export function useNotificationPreferences() {
  return useQuery(queryOf(api.alerts.preferences));
}

/** Saves the choices; the answer (every choice as now stored) becomes the cached one. */
export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (preferences: NotificationPreference[]) =>
      (await client.alerts.savePreferences({ body: { preferences } })).result,
    onSuccess: (saved) => queryClient.setQueryData(keyOf(api.alerts.preferences), saved),
  });
}
