/** What the live hub sends (apps/api/src/hub): ids and a time, never data. */
export type HubEvent =
  | { type: 'broadcastlocationcapabilitesdata'; siteId: number; locationId: number; at: string }
  | { type: 'broadcastsitestatesdata'; siteId: number; at: string };

export type HubMessage = { type: 'connected'; at: string } | { type: 'heartbeat'; at: string } | HubEvent;

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0;

/** The message in a websocket frame, or null for anything the client does not know. */
export function parseHubMessage(data: unknown): HubMessage | null {
  if (typeof data !== 'string') return null;
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const m = value as Record<string, unknown>;
  const at = typeof m.at === 'string' ? m.at : '';
  switch (m.type) {
    case 'connected':
    case 'heartbeat':
      return { type: m.type, at };
    case 'broadcastlocationcapabilitesdata':
      return isId(m.siteId) && isId(m.locationId)
        ? { type: m.type, siteId: m.siteId, locationId: m.locationId, at }
        : null;
    case 'broadcastsitestatesdata':
      return isId(m.siteId) ? { type: m.type, siteId: m.siteId, at } : null;
    default:
      return null;
  }
}

export type RefreshPlan = {
  /** Property lists (counts in the headers) to reload. */
  siteLists: boolean;
  /** Properties whose whole table reloads (usage moved, or too many rows changed). */
  tables: number[];
  /** Rows to reload one by one, per property. */
  rows: Array<{ siteId: number; locationIds: number[] }>;
};

/**
 * What a burst of events asks to reload. Every location change comes with its property's
 * event, so a property event alone means usage moved (readings): the whole table. A
 * property whose only changes are a few locations reloads just those rows.
 */
export function planRefresh(events: readonly HubEvent[], maxRows = 20): RefreshPlan {
  const siteEvents = new Set<number>();
  const changed = new Map<number, Set<number>>();
  for (const e of events) {
    if (e.type === 'broadcastsitestatesdata') siteEvents.add(e.siteId);
    else {
      const ids = changed.get(e.siteId) ?? new Set<number>();
      ids.add(e.locationId);
      changed.set(e.siteId, ids);
    }
  }
  const tables = new Set<number>();
  for (const siteId of siteEvents) if (!changed.has(siteId)) tables.add(siteId);
  for (const [siteId, ids] of changed) if (ids.size > maxRows) tables.add(siteId);
  const rows = [...changed]
    .filter(([siteId]) => !tables.has(siteId))
    .map(([siteId, ids]) => ({ siteId, locationIds: [...ids].sort((a, b) => a - b) }));
  return { siteLists: siteEvents.size > 0 || changed.size > 0, tables: [...tables].sort((a, b) => a - b), rows };
}
