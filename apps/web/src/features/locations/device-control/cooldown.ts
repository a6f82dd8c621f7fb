import {
  type ControlMessage,
  DEVICE_CONTROL_CHECKS_AT_S,
  DEVICE_CONTROL_COOLDOWN_S,
  DEVICE_CONTROL_POLL_MAX_MS,
  DEVICE_CONTROL_POLL_MS,
} from '@portal/contract';

/** The device control panel's timing (properties sections 4 and 9), as plain numbers to test. */

export const COOLDOWN_MS = DEVICE_CONTROL_COOLDOWN_S * 1000;

/** When, after a command is sent, its status is checked: at 30, 15 and 0 s of the cooldown left. */
export const CHECKS_AFTER_MS: readonly number[] = DEVICE_CONTROL_CHECKS_AT_S.map(
  (left) => (DEVICE_CONTROL_COOLDOWN_S - left) * 1000,
);

/** On opening the panel with an unanswered last command: every 15 s, for at most 60 s. */
export const OPEN_POLLS_AFTER_MS: readonly number[] = Array.from(
  { length: Math.floor(DEVICE_CONTROL_POLL_MAX_MS / DEVICE_CONTROL_POLL_MS) },
  (_, i) => (i + 1) * DEVICE_CONTROL_POLL_MS,
);

/** Whole seconds of cooldown left at `now` for a command sent at `sentAt` (0 when over). */
export function secondsLeft(sentAt: number, now: number): number {
  return Math.max(0, Math.ceil((sentAt + COOLDOWN_MS - now) / 1000));
}

export type Outcome =
  { kind: 'waiting' } | { kind: 'success' } | { kind: 'error'; code: number } | { kind: 'noResponse' };

/**
 * What a status check means: the meter's answer (success, or an error with its result
 * code), or none: no response once the server timed the command out or at the last
 * check, waiting before.
 */
export function outcomeOf(message: Pick<ControlMessage, 'resultCode' | 'state'>, lastCheck: boolean): Outcome {
  if (message.resultCode === null) {
    return lastCheck || message.state === 'timed_out' ? { kind: 'noResponse' } : { kind: 'waiting' };
  }
  if (message.resultCode === 0) return { kind: 'success' };
  return { kind: 'error', code: message.resultCode };
}

/** A last command still waiting for its answer (queued or sent, no result): the panel polls it. */
export function isUnanswered(message: Pick<ControlMessage, 'resultCode' | 'state'> | null): boolean {
  return message !== null && message.resultCode === null && (message.state === 'queued' || message.state === 'sent');
}
