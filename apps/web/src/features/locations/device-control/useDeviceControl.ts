import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ControlMessage } from '@portal/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../app/apiError';
import { fetchControlMessage, useSendControl } from '../hooks';
import { locationKeys } from '../liveData';
import { CHECKS_AFTER_MS, OPEN_POLLS_AFTER_MS, type Outcome, isUnanswered, outcomeOf, secondsLeft } from './cooldown';

type Command = { messageId: number; requested: 0 | 1; original: 0 | 1; sentAt: number };

/** The meter's latest command (null when it never had one). */
async function latestMessage(servicePointId: number): Promise<ControlMessage | null> {
  try {
    return await fetchControlMessage(servicePointId, 0);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/**
 * The device control panel's behaviour: on open, an unanswered last command is polled
 * every 15 s for up to 60 s; a Retry sends a command, then a 45 s cooldown checks its
 * status at 30, 15 and 0 s left and ends in success (the requested state) or a revert.
 */
export function useDeviceControl(siteId: number, locationId: number, servicePointId: number, currentState: 0 | 1) {
  const queryClient = useQueryClient();
  const send = useSendControl(siteId, locationId);
  const [command, setCommand] = useState<Command | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const timers = useRef<number[]>([]);

  const latest = useQuery({
    queryKey: locationKeys.controlMessage(servicePointId),
    queryFn: () => latestMessage(servicePointId),
    staleTime: 0,
  });

  // On open: poll an unanswered last command every 15 s, for at most 60 s.
  const loaded = latest.data !== undefined;
  useEffect(() => {
    if (!loaded) return;
    const key = locationKeys.controlMessage(servicePointId);
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
      setOutcome(null);
      send.mutate(
        { servicePointId, requestedState: requested },
        {
          onSuccess: ({ messageId }) => {
            const sentAt = Date.now();
            const cmd: Command = { messageId, requested, original: currentState, sentAt };
            setCommand(cmd);
            setNow(sentAt);
            let settled = false;
            timers.current = CHECKS_AFTER_MS.map((after, i) =>
              window.setTimeout(() => {
                if (settled) return;
                const last = i === CHECKS_AFTER_MS.length - 1;
                fetchControlMessage(servicePointId, messageId).then(
                  (message) => {
                    const result = outcomeOf(message, cmd.original, last);
                    if (result.kind === 'waiting' || settled) return;
                    settled = true;
                    setOutcome(result);
                    void queryClient.invalidateQueries({ queryKey: locationKeys.controlMessage(servicePointId) });
                  },
                  () => {
                    if (last && !settled) setOutcome({ kind: 'noResponse', state: cmd.original });
                  },
                );
              }, after),
            );
          },
        },
      );
    },
    [currentState, queryClient, send, servicePointId],
  );

  return {
    latest,
    retry,
    sending: send.isPending,
    sendError: send.error,
    command,
    outcome,
    secondsLeft: command ? secondsLeft(command.sentAt, now) : 0,
  };
}
