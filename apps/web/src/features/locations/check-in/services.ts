import { CapabilityType, type ServicePointRow } from '@portal/contract';
import { relayBlocked } from '../rows';

/** The service checkboxes of the check-in and edit forms (properties section 4), as plain functions. */

export type ServiceBox = {
  id: number;
  servicePointId: number;
  meter: string;
  name: string;
  /** A command is out or failed for this relay: it cannot be changed now. */
  blocked: 'pending' | 'failed' | null;
  response: string | null;
  /** A disconnect-type meter with a guest in: all its services stay on. */
  forced: boolean;
  current: 0 | 1;
};

export type ServiceValue = { id: number; on: boolean };

export function serviceBoxes(meters: readonly ServicePointRow[], guestIn: boolean): ServiceBox[] {
  return meters.flatMap((sp) => {
    const disconnect = sp.servicePointCapabilities.some(
      (c) => c.capability.capabilityType === CapabilityType.Disconnect,
    );
    return sp.servicePointCapabilities.map((c) => ({
      id: c.servicePointCapabilityID,
      servicePointId: sp.servicePointID,
      meter: sp.servicePointName,
      name: c.capability.displayName,
      blocked: relayBlocked(c.apiCapabilityResponse),
      response: c.apiCapabilityResponse,
      forced: disconnect && guestIn,
      current: c.status === 1 ? 1 : 0,
    }));
  });
}

/** Can the user change this box? Not while blocked, forced, or the location is unavailable. */
export const editable = (box: ServiceBox, available: boolean) => available && box.blocked === null && !box.forced;

/** First values: a check-in switches everything on that can be; an edit shows the relays as they are. */
export function initialServices(boxes: readonly ServiceBox[], checkIn: boolean): ServiceValue[] {
  return boxes.map((b) => ({ id: b.id, on: b.forced || (checkIn && b.blocked === null) ? true : b.current === 1 }));
}

/** All On/Off: sets every box the user may change, skipping pending, failed and forced ones. */
export function setAll(
  boxes: readonly ServiceBox[],
  values: readonly ServiceValue[],
  on: boolean,
  available: boolean,
): ServiceValue[] {
  const byId = new Map(boxes.map((b) => [b.id, b]));
  return values.map((v) => {
    const box = byId.get(v.id);
    return box && editable(box, available) ? { ...v, on } : v;
  });
}

/** The All On/Off box: checked when every changeable box is on, mixed when some are. */
export function allState(
  boxes: readonly ServiceBox[],
  values: readonly ServiceValue[],
  available: boolean,
): 'on' | 'off' | 'mixed' | 'none' {
  const byId = new Map(values.map((v) => [v.id, v.on]));
  const changeable = boxes.filter((b) => editable(b, available));
  if (changeable.length === 0) return 'none';
  const on = changeable.filter((b) => byId.get(b.id)).length;
  return on === changeable.length ? 'on' : on === 0 ? 'off' : 'mixed';
}

/** What the request sends: the boxes the user could set (pending and failed relays are left alone). */
export function servicesToSend(boxes: readonly ServiceBox[], values: readonly ServiceValue[]) {
  const byId = new Map(values.map((v) => [v.id, v.on]));
  return boxes
    .filter((b) => b.blocked === null)
    .map((b) => ({ servicePointCapabilityID: b.id, status: (b.forced || byId.get(b.id) ? 1 : 0) as 0 | 1 }));
}
