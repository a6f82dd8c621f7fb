import { z } from 'zod';
import { liveEvent, type LiveEventName } from './live-event-names';
import { usageStats } from './locations';

/**
 * The live hub's events, declared once for the server (which announces and routes them) and
 * the web (which applies them). Each has a name, a payload schema and a scope, who may receive it:
 * - 'site': the property named by `siteId`; the hub sends it only to sockets whose user may
 *   see that property;
 * - 'socket': sent by the hub itself to each open socket (never announced between instances).
 * The specification names two of them (`liveEvent.locationChanged`, `liveEvent.siteChanged`); the
 * others are ours.
 */

const id = z.int32().positive();
/** When the change was made, an ISO instant of the server's clock. */
const at = z.string();

/** A relay of a meter after a command or its answer (servicePointCapabilities of the row). */
export const liveRelay = z.object({
  servicePointCapabilityID: id,
  status: z.int32(),
  apiCapabilityResponse: z.string().nullable(),
});

/**
 * New values of one meter of a location row; a field left out is unchanged. The names are
 * the row's (`ServicePointRow`), so applying an event is a merge.
 */
export const liveMeterValues = z.object({
  servicePointID: id,
  locationID: id,
  /** readings */
  kwhTotal: z.number().nullable().optional(),
  lastSeenDT: z.string().nullable().optional(),
  usage: usageStats.nullable().optional(),
  /** online or missing */
  isMissingDevice: z.boolean().optional(),
  /** commands and their answers */
  deviceControlRequestedState: z.int32().nullable().optional(),
  resultCode: z.int32().nullable().optional(),
  relays: z.array(liveRelay).optional(),
});
export type LiveMeterValues = z.infer<typeof liveMeterValues>;

export const liveEvents = {
  /** A location changed in a way no event carries (check-in or out, an edit, meters added or taken off): read its row again. */
  [liveEvent.locationChanged]: {
    scope: 'site',
    payload: z.object({ siteId: id, locationId: id, at }),
  },
  /** The property's set of locations changed (created, erased, moved in or out): read its table and counts again. */
  [liveEvent.siteChanged]: {
    scope: 'site',
    payload: z.object({ siteId: id, at }),
  },
  /** Meters of the property have new values (readings, usage, online or missing, relay states): patch the rows. */
  [liveEvent.meterValues]: {
    scope: 'site',
    payload: z.object({ siteId: id, at, meters: z.array(liveMeterValues).min(1) }),
  },
  /** The socket is registered: what was fetched before may have missed events. */
  [liveEvent.connected]: { scope: 'socket', payload: z.object({ at }) },
  /** Every 15 s, to keep the line open. */
  [liveEvent.heartbeat]: { scope: 'socket', payload: z.object({ at }) },
  /** The server may have missed events (its database listener reconnected): read again what is shown. */
  [liveEvent.resync]: { scope: 'socket', payload: z.object({ at }) },
} as const satisfies Record<LiveEventName, { scope: 'site' | 'socket'; payload: z.ZodObject }>;

type Payload<K extends LiveEventName> = z.infer<(typeof liveEvents)[K]['payload']>;
export type LiveMessage = { [K in LiveEventName]: { type: K } & Payload<K> }[LiveEventName];
export type LiveMessageOf<K extends LiveEventName> = Extract<LiveMessage, { type: K }>;

type ScopedNames = { [K in LiveEventName]: (typeof liveEvents)[K]['scope'] extends 'site' ? K : never }[LiveEventName];
/** The events announced between instances and routed by property. */
export type SiteEvent = LiveMessageOf<ScopedNames>;

/** A message checked against its event's schema, or null for an unknown or malformed one. */
export function parseLiveMessage(value: unknown): LiveMessage | null {
  if (typeof value !== 'object' || value === null) return null;
  const type = (value as { type?: unknown }).type;
  if (typeof type !== 'string' || !Object.hasOwn(liveEvents, type)) return null;
  const parsed = liveEvents[type as LiveEventName].payload.safeParse(value);
  return parsed.success ? ({ ...parsed.data, type } as LiveMessage) : null;
}
