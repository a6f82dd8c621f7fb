import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@portal/contract';
import { useEffect } from 'react';
import { client, queryOf } from '../../lib/client';
import {
  amendReading,
  forgetReading,
  keepReading,
  queuedReadings,
  type QueuedReading,
  type ReadingBody,
} from './queue';
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

/** Keeps a reading on the phone (false when it holds as many as it may), then tries to send what waits. */
export function useEnterReading(siteID: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reading: QueuedReading) => keepReading(reading),
    networkMode: 'always',
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queueKey(siteID) }),
  });
}

/** What the person decided of a refused reading: send it with the lower value confirmed, or drop it. */
export function useDecideRefused(siteID: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, body }: { key: string; body: ReadingBody | null }) =>
      body ? amendReading(key, body) : forgetReading(key),
    networkMode: 'always',
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queueKey(siteID) }),
  });
}

/** Saves the route's walking order (its locations, first to last) and reads the route again. */
export function useSaveRouteOrder(siteID: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (locationIDs: number[]) => client.meters.saveReadRoute({ body: { siteID, locationIDs } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: routeKey(siteID) }),
  });
}
