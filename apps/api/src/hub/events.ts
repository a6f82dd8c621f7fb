import { sql } from 'drizzle-orm';
import { liveEvent, type LiveMeterValues, type LiveMessageOf, type SiteEvent } from '@portal/contract';
import { beforeCommit, type Queryable } from '../db/client';
import { groupBy } from '../lib/group';

export const HUB_CHANNEL = 'portal_events';

/**
 * Between instances only, never sent to a browser:
 * - accessChanged: a user's role, properties or standing changed, so each instance re-reads
 *   the user's scope for their open sockets (or closes them);
 * - commandsSettled: device commands got their outcome (acked, failed, timed out), for the
 *   requests waiting for them on any instance (gateway/answers.ts).
 */
type InstanceEvent =
  | { type: 'accessChanged'; userAccountId: number }
  | { type: 'commandsSettled'; commands: Array<{ messageId: number; state: string }> };

/** What one NOTIFY carries: the events of the contract (live-events.ts) routed by property, and the instance events. */
export type Announced = SiteEvent | InstanceEvent;

/** A NOTIFY payload must stay under 8,000 bytes (PostgreSQL's limit). */
const PAYLOAD_BYTES = 7_000;

type MeterValuesEvent = LiveMessageOf<typeof liveEvent.meterValues>;

/**
 * The events of one transaction, collapsed: an event said twice is said once; the values of
 * a meter merge (the later wins); a meter whose row is read again anyway (its location or
 * property changed in the same transaction) carries no values.
 */
class Announcement {
  private readonly access = new Set<number>();
  private readonly settled = new Map<number, string>();
  private readonly sites = new Map<number, string>();
  private readonly locations = new Map<string, LiveMessageOf<typeof liveEvent.locationChanged>>();
  private readonly meters = new Map<number, { siteId: number; at: string; values: LiveMeterValues }>();

  add(events: readonly Announced[]): void {
    for (const e of events) {
      switch (e.type) {
        case 'accessChanged':
          this.access.add(e.userAccountId);
          break;
        case 'commandsSettled':
          for (const c of e.commands) this.settled.set(c.messageId, c.state);
          break;
        case liveEvent.siteChanged:
          this.sites.set(e.siteId, e.at);
          break;
        case liveEvent.locationChanged:
          this.locations.set(`${e.siteId}:${e.locationId}`, e);
          break;
        case liveEvent.meterValues:
          for (const m of e.meters) {
            const before = this.meters.get(m.servicePointID);
            const values = before?.siteId === e.siteId ? { ...before.values, ...m } : m;
            this.meters.set(m.servicePointID, { siteId: e.siteId, at: e.at, values });
          }
          break;
      }
    }
  }

  /** The events in the order instances handle them: access first, so that it applies to the events after it. */
  events(): Announced[] {
    const out: Announced[] = [...this.access].map((userAccountId) => ({ type: 'accessChanged', userAccountId }));
    for (const [siteId, at] of this.sites) out.push({ type: liveEvent.siteChanged, siteId, at });
    out.push(...this.locations.values());
    const bySite = new Map<number, MeterValuesEvent>();
    for (const { siteId, at, values } of this.meters.values()) {
      if (this.sites.has(siteId) || this.locations.has(`${siteId}:${values.locationID}`)) continue;
      const e = bySite.get(siteId) ?? { type: liveEvent.meterValues, siteId, at, meters: [] };
      e.meters.push(values);
      bySite.set(siteId, e);
    }
    out.push(...bySite.values());
    if (this.settled.size) {
      const commands = [...this.settled].map(([messageId, state]) => ({ messageId, state }));
      out.push({ type: 'commandsSettled', commands });
    }
    return out;
  }
}

/** The announcement each open transaction collects, sent once just before it commits. */
const open = new WeakMap<object, Announcement>();

/**
 * Announces changes to every instance (PostgreSQL NOTIFY). Inside a transaction the events
 * are collected and sent once, collapsed, just before it commits: delivered only if it
 * commits, after the data is written. On the database itself they go at once.
 */
export async function announce(q: Queryable, events: readonly Announced[]): Promise<void> {
  if (!events.length) return;
  const collecting = open.get(q);
  if (collecting) {
    collecting.add(events);
    return;
  }
  const announcement = new Announcement();
  announcement.add(events);
  const atCommit = () => {
    open.delete(q);
    return notify(q, announcement.events());
  };
  if (beforeCommit(q, atCommit)) open.set(q, announcement);
  else await notify(q, announcement.events());
}

/** The NOTIFY payloads of some events: JSON arrays under the size limit; a long list of meters is cut into several events. */
function payloads(events: readonly Announced[], limit = PAYLOAD_BYTES): string[] {
  const json = events.flatMap((e) => fitted(e, limit - 2)).map((e) => JSON.stringify(e));
  return runs(json, (j) => Buffer.byteLength(j) + 1, 2, limit).map((group) => `[${group.join(',')}]`);
}

/** An event as events of at most `limit` bytes each (meter values split by meter; others are small). */
function fitted(event: Announced, limit: number): Announced[] {
  if (event.type !== liveEvent.meterValues && event.type !== 'commandsSettled') return [event];
  if (Buffer.byteLength(JSON.stringify(event)) <= limit) return [event];
  const list: unknown[] = event.type === liveEvent.meterValues ? event.meters : event.commands;
  const key = event.type === liveEvent.meterValues ? 'meters' : 'commands';
  const empty = Buffer.byteLength(JSON.stringify({ ...event, [key]: [] }));
  const sizeOf = (item: unknown) => Buffer.byteLength(JSON.stringify(item)) + 1;
  return runs(list, sizeOf, empty, limit).map((part) => ({ ...event, [key]: part }) as Announced);
}

/** Items in order, in runs of at most `limit` bytes counting `base` for each run; an item larger than that runs alone. */
function runs<T>(items: readonly T[], sizeOf: (item: T) => number, base: number, limit: number): T[][] {
  const out: T[][] = [];
  let run: T[] = [];
  let bytes = base;
  for (const item of items) {
    const size = sizeOf(item);
    if (run.length && bytes + size > limit) {
      out.push(run);
      run = [];
      bytes = base;
    }
    run.push(item);
    bytes += size;
  }
  if (run.length) out.push(run);
  return out;
}

async function notify(q: Queryable, events: readonly Announced[]): Promise<void> {
  for (const payload of payloads(events)) await q.execute(sql`select pg_notify(${HUB_CHANNEL}, ${payload})`);
}

/** A location changed in a way no event carries: its row is read again. */
export function locationChanged(siteId: number, locationId: number, at: Date): SiteEvent[] {
  return [{ type: liveEvent.locationChanged, siteId, locationId, at: at.toISOString() }];
}

/** The set of a property's locations changed: its table is read again. */
export function siteChanged(siteId: number, at: Date): SiteEvent[] {
  return [{ type: liveEvent.siteChanged, siteId, at: at.toISOString() }];
}

/** New values of meters, one event a property. */
export function meterValues(values: ReadonlyArray<LiveMeterValues & { siteId: number }>, at: Date): SiteEvent[] {
  return [...groupBy(values, (v) => v.siteId)].map(([siteId, meters]) => ({
    type: liveEvent.meterValues,
    siteId,
    at: at.toISOString(),
    meters: meters.map(({ siteId: _, ...v }) => v),
  }));
}
