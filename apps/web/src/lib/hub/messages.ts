import { LIVE_EVENT_NAMES, type LiveEventName } from '@portal/contract';

/**
 * A frame of the live hub (the events are declared in packages/contract, live-events.ts). At
 * start-up only its type is checked, by hand: the payload is checked against the contract's
 * schema when the event is applied (app/hub/liveEvents.ts, loaded with the first event: it brings zod).
 */
export type HubFrame = { type: LiveEventName } & Record<string, unknown>;

const NAMES: ReadonlySet<string> = new Set(LIVE_EVENT_NAMES);

/** The frame in a websocket message, or null for anything the client does not know. */
export function parseHubFrame(data: unknown): HubFrame | null {
  if (typeof data !== 'string') return null;
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const type = (value as Record<string, unknown>).type;
  return typeof type === 'string' && NAMES.has(type) ? (value as HubFrame) : null;
}
