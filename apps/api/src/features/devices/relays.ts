import { CapabilityType } from '@portal/contract';

/** An on/off command for a meter's relay, or for every relay of the meter (`capabilityId` null). */
export type ControlRequest = { servicePointId: number; requestedState: 0 | 1; capabilityId?: number | null };

/**
 * 'always': a staff member's command (the device control panel, the bulk toolbar, Retry) goes
 * out even to a relay confirmed in that state. 'ifNeeded': a decision of the portal (check-in,
 * check-out, edits, moves, the jobs) goes out only to relays not known to be in it.
 */
export type SendMode = 'always' | 'ifNeeded';

/** A relay of a meter; `capability_id` is null for a meter without relays. */
export type Relay = { service_point_id: number; capability_id: number | null; capability_type: number | null };

export const isDisconnect = (r: Pick<Relay, 'capability_type'>) => r.capability_type === CapabilityType.Disconnect;

/**
 * The commands that bring relays to the wanted states: a disconnect-type meter switches as a
 * whole (the state wanted of its first relay), other relays one by one.
 */
export function commandsFor<R extends Relay>(relays: R[], wanted: (r: R) => 0 | 1): ControlRequest[] {
  const commands: ControlRequest[] = [];
  const seenDisconnect = new Set<number>();
  for (const r of relays) {
    if (r.capability_id === null) continue;
    if (!isDisconnect(r)) {
      commands.push({ servicePointId: r.service_point_id, requestedState: wanted(r), capabilityId: r.capability_id });
    } else if (!seenDisconnect.has(r.service_point_id)) {
      seenDisconnect.add(r.service_point_id);
      commands.push({ servicePointId: r.service_point_id, requestedState: wanted(r), capabilityId: null });
    }
  }
  return commands;
}

/** A relay as a new command finds it: its confirmed state and its current command. */
export type RelayNow = {
  id: number;
  service_point_id: number;
  capability_id: number;
  status: number;
  command_id: number | null;
  command_requested: number | null;
  command_state: string | null;
};

const IN_FLIGHT = ['queued', 'sent'];
/** Without an answer: the meter may have switched or not. */
const UNANSWERED = [...IN_FLIGHT, 'timed_out'];

export const inFlight = (state: string | null) => state !== null && IN_FLIGHT.includes(state);

/**
 * What a request for `state` on these relays takes: the command in flight to wait for when it
 * is already the current command of each and asks for the same; otherwise a new command
 * ('always'), or ('ifNeeded') one only when a relay is not known to be in the state: confirmed
 * otherwise, or its current command asked otherwise and got no answer.
 */
export function planOf(targets: RelayNow[], state: 0 | 1, mode: SendMode): { reuse: number } | 'send' | 'nothing' {
  const current = targets[0]?.command_id ?? null;
  if (
    current !== null &&
    targets.every((r) => r.command_id === current && r.command_requested === state && inFlight(r.command_state))
  )
    return { reuse: current };
  if (mode === 'always') return 'send';
  const unsure = (r: RelayNow) =>
    r.status !== state ||
    (r.command_requested !== state && r.command_state !== null && UNANSWERED.includes(r.command_state));
  return targets.some(unsure) ? 'send' : 'nothing';
}
