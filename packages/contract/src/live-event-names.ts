/**
 * The live hub's event names, apart from their schemas (live-events.ts): for code that must
 * not load zod (the web's start-up, which reads only an event's type).
 */
export const LIVE_EVENT_NAMES = [
  'broadcastlocationcapabilitesdata',
  'broadcastsitestatesdata',
  'meterValues',
  'connected',
  'heartbeat',
  'resync',
] as const;
export type LiveEventName = (typeof LIVE_EVENT_NAMES)[number];
