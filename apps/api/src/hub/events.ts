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
 * Between instances only, never sent to a browser: a user's role, properties or standing
 * changed, so each instance re-reads the user's scope for their open sockets (or closes them).
 */
export type AccessChanged = { type: 'accessChanged'; userAccountId: number };

/** A NOTIFY payload must stay under 8,000 bytes; events are small, so a margin is plenty. */
const PAYLOAD_BYTES = 7_000;

/**
 * Announces a change to every instance (PostgreSQL NOTIFY). Inside a transaction the
 * notification is delivered only if it commits, after the data is written. Many events
 * (a job that marks hundreds of meters missing) go as several notifications.
 */
export async function announce(q: Queryable, events: Array<HubEvent | AccessChanged>): Promise<void> {
  if (!events.length) return;
  const payloads: string[] = [];
  let group: string[] = [];
  let bytes = 2;
  for (const event of events) {
    const json = JSON.stringify(event);
    if (group.length && bytes + json.length + 1 > PAYLOAD_BYTES) {
      payloads.push(`[${group.join(',')}]`);
      group = [];
      bytes = 2;
    }
    group.push(json);
    bytes += json.length + 1;
  }
  payloads.push(`[${group.join(',')}]`);
  for (const payload of payloads) await q.execute(sql`select pg_notify(${HUB_CHANNEL}, ${payload})`);
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
