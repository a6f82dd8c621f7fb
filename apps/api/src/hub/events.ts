import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';

export const HUB_CHANNEL = 'portal_events';

/**
 * What changed, for the clients to refetch: the event names of the specification.
 * Carries ids and the time, never data: a client reloads what it may see.
 */
export type HubEvent =
  | { type: 'broadcastlocationcapabilitesdata'; siteId: number; locationId: number; at: string }
  | { type: 'broadcastsitestatesdata'; siteId: number; at: string };

/**
 * Announces a change to every instance (PostgreSQL NOTIFY). Inside a transaction the
 * notification is delivered only if it commits, after the data is written.
 */
export async function announce(q: Queryable, events: HubEvent[]): Promise<void> {
  if (!events.length) return;
  await q.execute(sql`select pg_notify(${HUB_CHANNEL}, ${JSON.stringify(events)})`);
}

export function locationChanged(siteId: number, locationId: number, at: Date): HubEvent[] {
  return [
    { type: 'broadcastlocationcapabilitesdata', siteId, locationId, at: at.toISOString() },
    { type: 'broadcastsitestatesdata', siteId, at: at.toISOString() },
  ];
}

export function siteChanged(siteId: number, at: Date): HubEvent[] {
  return [{ type: 'broadcastsitestatesdata', siteId, at: at.toISOString() }];
}
