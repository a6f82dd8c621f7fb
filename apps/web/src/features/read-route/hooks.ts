import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@portal/contract';
import { useEffect } from 'react';
import { client, queryOf } from '../../lib/client';
import { useRefetchingMutation } from '../../lib/mutations';
import { amendReading, forgetReading, keepReading, queuedReadings, type ReadingBody } from './queue';
import { sendQueued } from './sync';

const routeQuery = (siteID: number) => queryOf(api.meters.readRoute, { query: { siteID } });
const routeKey = (siteID: number) => routeQuery(siteID).queryKey;

/** A property's read route: its meters to read, in route order. */
export function useReadRoute(siteID: number) {
  return useQuery(routeQuery(siteID));
}

const queueKey = (siteID: number) => ['readRoute', 'queue', siteID] as const;

/** The readings entered on this phone for a property and not stored by the server yet. */
export function useQueuedReadings(siteID: number) {
  return useQuery({ queryKey: queueKey(siteID), queryFn: () => queuedReadings(siteID), networkMode: 'always' });
}

/**
 * Sends what waits on the phone: when the page opens, when the network comes back, after each
 * reading entered. The queue and the route are read again after each round (the server's last
 * readings moved). Runs whatever the network says: it only touches IndexedDB when offline.
 */
export function useSendQueued(siteID: number) {
  const queryClient = useQueryClient();
  const sending = useMutation({
    mutationKey: ['readRoute', 'send', siteID],
    mutationFn: () => sendQueued(siteID),
    networkMode: 'always',
    onSettled: async (sent) => {
      await queryClient.invalidateQueries({ queryKey: queueKey(siteID) });
      if (sent?.stored) await queryClient.invalidateQueries({ queryKey: routeKey(siteID) });
    },
  });
  const { mutate } = sending;
  useEffect(() => {
    mutate();
    const online = () => mutate();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [mutate]);
  return sending;
}

/**
 * A change of what waits on the phone, then the queue read again. It touches IndexedDB only,
 * so it runs whatever the network says (TanStack Query would hold it while offline).
 */
function useQueueChange<I, O>(siteID: number, change: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    networkMode: 'always',
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queueKey(siteID) }),
  });
}

/** Keeps a reading on the phone until it is sent; false when the phone holds as many as it may. */
export const useEnterReading = (siteID: number) => useQueueChange(siteID, keepReading);

/** What the person decided of a refused reading: send it with the lower value confirmed (a body), or drop it (null). */
export const useDecideRefused = (siteID: number) =>
  useQueueChange(siteID, ({ key, body }: { key: string; body: ReadingBody | null }) =>
    body ? amendReading(key, body) : forgetReading(key),
  );

/** Saves the route's walking order (its locations, first to last) and reads the route again. */
export function useSaveRouteOrder(siteID: number) {
  return useRefetchingMutation(routeKey(siteID), (locationIDs: number[]) =>
    client.meters.saveReadRoute({ body: { siteID, locationIDs } }),
  );
}
