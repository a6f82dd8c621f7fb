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
