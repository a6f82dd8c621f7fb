import {
  LIVE_EVENT_NAMES,
  liveEvent,
  type LiveEventName,
  type LiveMessage,
  type LiveMeterValues,
} from '@portal/contract';

/**
 * A frame of the live hub (the events are declared in packages/contract, live-events.ts). At
 * start-up only its type is checked, by hand: the payload is checked against the contract's
 * schema when the event is applied (features/locations/liveData.ts, which brings zod).
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

export type LivePlan = {
  /** Everything shown may be stale (the server missed events): refetch the active queries once. */
  resync: boolean;
  /** Properties whose whole table reloads (its set of locations changed, or too many rows did). */
  tables: number[];
  /** Rows to reload one by one, per property (a change no event carries). */
  rows: Array<{ siteId: number; locationIds: number[] }>;
  /** Meters' new values to write into each property's cached table. */
  patches: Array<{ siteId: number; meters: LiveMeterValues[] }>;
  /** Locations whose own data (history, open stay, commands) reloads. */
  locations: number[];
  /** Locations whose meters read: their open stay's usage so far reloads (when shown). */
  stays: number[];
  /** Meters whose latest command reloads (when the device control panel shows it). */
  commands: Array<{ locationId: number; servicePointId: number }>;
  /** Property lists, dashboard counts and alerts: locations, stays or missing meters changed. */
  counts: boolean;
  /** Dashboard usage figures: meters read. */
  usage: boolean;
};

const byNumber = (a: number, b: number) => a - b;

/**
 * What a burst of events (checked against the contract) asks of the cache. Meter values are
 * patched into the rows; a location change reloads its row, or the table when more than
 * `maxRows` of one property changed; a property change reloads its table. Only what the
 * events touch reloads elsewhere (lists' counts, dashboard, dialogs).
 */
export function planLive(events: readonly LiveMessage[], maxRows = 20): LivePlan {
  const tables = new Set<number>();
  const changed = new Map<number, Set<number>>();
  const patches = new Map<number, LiveMeterValues[]>();
  const stays = new Set<number>();
  const commands = new Map<string, { locationId: number; servicePointId: number }>();
  let resync = false;
  let counts = false;
  let usage = false;
  for (const e of events) {
    switch (e.type) {
      case liveEvent.resync:
        resync = true;
        break;
      case liveEvent.siteChanged:
        tables.add(e.siteId);
        counts = true;
        break;
      case liveEvent.locationChanged:
        changed.set(e.siteId, (changed.get(e.siteId) ?? new Set()).add(e.locationId));
        counts = true;
        break;
      case liveEvent.meterValues:
        patches.set(e.siteId, [...(patches.get(e.siteId) ?? []), ...e.meters]);
        for (const m of e.meters) {
          if (m.kwhTotal !== undefined || m.usage !== undefined) {
            usage = true;
            stays.add(m.locationID);
          }
          if (m.isMissingDevice !== undefined) counts = true;
          if (m.relays !== undefined || m.resultCode !== undefined)
            commands.set(`${m.locationID}:${m.servicePointID}`, {
              locationId: m.locationID,
              servicePointId: m.servicePointID,
            });
        }
        break;
      default:
        break;
    }
  }
  for (const [siteId, ids] of changed) if (ids.size > maxRows) tables.add(siteId);
  const rows = [...changed]
    .filter(([siteId]) => !tables.has(siteId))
    .map(([siteId, ids]) => ({ siteId, locationIds: [...ids].sort(byNumber) }))
    .sort((a, b) => a.siteId - b.siteId);
  return {
    resync,
    tables: [...tables].sort(byNumber),
    rows,
    patches: [...patches]
      .filter(([siteId]) => !tables.has(siteId))
      .map(([siteId, meters]) => ({ siteId, meters }))
      .sort((a, b) => a.siteId - b.siteId),
    locations: [...new Set([...changed.values()].flatMap((ids) => [...ids]))].sort(byNumber),
    stays: [...stays].sort(byNumber),
    commands: [...commands.values()],
    counts,
    usage,
  };
}
