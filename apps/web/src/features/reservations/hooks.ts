import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@portal/contract';
import { type BodyOf, client, queryOf } from '../../lib/client';
import type { Period } from './period';

/** How often the list is read again: the portal retries conflicts every 30 s by itself, so a fixed one goes away. */
const RESERVATIONS_REFRESH_MS = 30_000;

/** A property's reservations overlapping the period (from now on without one), by arrival; read again every 30 s. */
export function useReservations(siteID: number, period: Period) {
  return useQuery({
    ...queryOf(api.integrations.reservations, { query: { siteID, ...period } }),
    staleTime: 0,
    refetchInterval: RESERVATIONS_REFRESH_MS,
    // another period shows the rows before until its own come
    placeholderData: keepPreviousData,
  });
}

const settingsQuery = (siteID: number) => queryOf(api.integrations.reservationSettings, { query: { siteID } });

/** When the property checks its PMS's guests in. */
export function useReservationSettings(siteID: number) {
  return useQuery(settingsQuery(siteID));
}

type SettingsBody = BodyOf<typeof api.integrations.saveReservationSettings>;

/** Saves when the property checks its PMS's guests in; answers the server's message, and the setting is what it stored. */
export function useSaveReservationSettings(siteID: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: SettingsBody) => client.integrations.saveReservationSettings({ body }),
    onSuccess: (answer) => queryClient.setQueryData(settingsQuery(siteID).queryKey, answer.result),
  });
}
