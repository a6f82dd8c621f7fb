/**
 * The live hub's event names, apart from their schemas (live-events.ts): for code that must
 * not load zod (the web's start-up, which reads only an event's type). The one place the
 * specification's two event names are written; everything else names an event through `liveEvent`.
 */
export const liveEvent = {
  /** a location changed: read its row again */
  locationChanged: 'broadcastlocationcapabilitesdata',
  /** the property's set of locations changed: read its table and counts again */
  siteChanged: 'broadcastsitestatesdata',
  meterValues: 'meterValues',
  connected: 'connected',
  heartbeat: 'heartbeat',
  resync: 'resync',
} as const;
export type LiveEventName = (typeof liveEvent)[keyof typeof liveEvent];
export const LIVE_EVENT_NAMES: readonly LiveEventName[] = Object.values(liveEvent);

/**
 * The frame a browser sends first on the hub's socket: its token. Not in the address, which
 * request logs keep and browsers print in their console warnings.
 */
export const HUB_SIGN_IN = 'signIn';
export type HubSignIn = { type: typeof HUB_SIGN_IN; token: string };
/** A socket that has not signed in by then is closed. */
export const HUB_SIGN_IN_TIMEOUT_MS = 10_000;
