import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type ControlMessage } from '@portal/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/apiError';
import { queryOf } from '../../../lib/client';
import { fetchControlMessage, useSendControl } from '../hooks';
import { CHECKS_AFTER_MS, OPEN_POLLS_AFTER_MS, type Outcome, isUnanswered, outcomeOf, secondsLeft } from './cooldown';

type Command = { messageId: number; requested: 0 | 1; sentAt: number };

/** The meter's latest command (messageId 0), null when it never had one. */
function latestQuery(servicePointId: number) {
  const { queryKey, queryFn } = queryOf(api.devices.command, { query: { servicePointId, messageId: 0 } });
  return {
    queryKey,
    queryFn: async (context: { signal: AbortSignal }): Promise<ControlMessage | null> => {
      try {
        return await queryFn(context);
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  };
}

/**
 * The device control panel's behaviour: on open, an unanswered last command is polled
 * every 15 s for up to 60 s; a Retry sends a command, then a 45 s cooldown checks its
 * status at 30, 15 and 0 s left and ends in success, an error or no response. The latest
 * command is also reloaded whenever the location changes (the live hub), so the panel
 * follows the server when it answers, fails or times the command out later.
 */
export function useDeviceControl(siteId: number, locationId: number, servicePointId: number) {
  const queryClient = useQueryClient();
  const send = useSendControl(siteId, locationId);
  const [command, setCommand] = useState<Command | null>(null);
  const [checked, setChecked] = useState<Outcome | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const timers = useRef<number[]>([]);
  const query = latestQuery(servicePointId);
  const key = query.queryKey;

  const latest = useQuery({ ...query, staleTime: 0 });

  // On open: poll an unanswered last command every 15 s, for at most 60 s.
  const loaded = latest.data !== undefined;
  useEffect(() => {
    if (!loaded) return;
    const key = latestQuery(servicePointId).queryKey;
    if (!isUnanswered(queryClient.getQueryData<ControlMessage | null>(key) ?? null)) return;
    const polls = OPEN_POLLS_AFTER_MS.map((ms) =>
      window.setTimeout(() => {
        if (isUnanswered(queryClient.getQueryData<ControlMessage | null>(key) ?? null)) {
          void queryClient.refetchQueries({ queryKey: key });
        }
      }, ms),
    );
    return () => polls.forEach((id) => window.clearTimeout(id));
  }, [loaded, queryClient, servicePointId]);

  const clearTimers = () => {
    timers.current.forEach((id) => window.clearTimeout(id));
    timers.current = [];
  };
  useEffect(() => clearTimers, []);

  // The cooldown's countdown.
  const cooling = command !== null && secondsLeft(command.sentAt, now) > 0;
  useEffect(() => {
    if (!cooling) return;
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, [cooling]);

  const retry = useCallback(
    (requested: 0 | 1) => {
      clearTimers();
      setChecked(null);
      send.mutate(
        { servicePointId, requestedState: requested },
        {
          onSuccess: ({ messageId }) => {
            const sentAt = Date.now();
            setCommand({ messageId, requested, sentAt });
            setNow(sentAt);
            void queryClient.invalidateQueries({ queryKey: key });
            let settled = false;
            timers.current = CHECKS_AFTER_MS.map((after, i) =>
              window.setTimeout(() => {
                if (settled) return;
                const last = i === CHECKS_AFTER_MS.length - 1;
                fetchControlMessage(servicePointId, messageId).then(
                  (message) => {
                    const result = outcomeOf(message, last);
                    if (result.kind === 'waiting' || settled) return;
                    settled = true;
                    setChecked(result);
                    void queryClient.invalidateQueries({ queryKey: key });
                  },
                  () => {
                    if (last && !settled) setChecked({ kind: 'noResponse' });
                  },
                );
              }, after),
            );
          },
        },
      );
    },
    [key, queryClient, send, servicePointId],
  );

  // What the server says of the command once it is settled beats what the cooldown concluded.
  const server = latest.data;
  const settledByServer =
    command && server && server.messageId === command.messageId && !isUnanswered(server)
      ? outcomeOf(server, true)
      : null;

  return {
    latest,
    retry,
    sending: send.isPending,
    sendError: send.error,
    command,
    outcome: settledByServer ?? checked,
    secondsLeft: command ? secondsLeft(command.sentAt, now) : 0,
  };
}
