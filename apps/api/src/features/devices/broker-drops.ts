import { sql } from 'drizzle-orm';
import type { Log } from '../../access/actor';
import { rows, type Queryable, type Tx } from '../../db/client';
import type { Deps } from '../../deps';
import type { DeviceEvents } from '../../gateway/gateway';
import { deviceEvents } from './ingest';

/** What the server does as devices speak (ingest.ts), and as the broker's dropped count is read. */
export function portalEvents(deps: Deps, log: Log): DeviceEvents {
  return { ...deviceEvents(deps, log), brokerDropped: () => recordBrokerDrops(deps) };
}

/**
 * Counts the messages the broker dropped since they were last counted, from the count this
 * instance's gateway last read (`brokerDropped`), and raises a `brokerDropped` alert when it
 * grew. Every instance runs it; the count's row is locked, and a reading no newer than the
 * one counted counts nothing, so one growth is counted once, by the first instance to read
 * it. A broker's count starts at 0 when it starts: the first count ever read counts whole
 * (Mosquitto publishes it only when it changes, so a first count above 0 is a drop just now),
 * and a count below the last is a broker that restarted. Answers how many it counted.
 */
export async function recordBrokerDrops(deps: Pick<Deps, 'db' | 'devices' | 'now'>): Promise<number> {
  const seen = deps.devices.status().brokerDropped;
  if (!seen) return 0;
  return deps.db.transaction(async (tx) => {
    const first = await rows<{ topic: string }>(
      tx,
      sql`insert into broker_drops (topic, count, read_at) values (${seen.topic}, ${seen.count}, ${seen.at})
          on conflict (topic) do nothing returning topic`,
    );
    let grown = seen.count;
    if (!first.length) {
      const [last] = await rows<{ count: number | string; read_at: Date | string }>(
        tx,
        sql`select count, read_at from broker_drops where topic = ${seen.topic} for update`,
      );
      if (!last || seen.at.getTime() <= new Date(last.read_at).getTime()) return 0;
      const before = Number(last.count);
      if (seen.count >= before) grown = seen.count - before;
      await tx.execute(
        sql`update broker_drops set count = ${seen.count}, read_at = ${seen.at} where topic = ${seen.topic}`,
      );
    }
    if (grown > 0) await raiseDropped(tx, grown, seen.at, deps.now());
    return grown;
  });
}

/**
 * The open `brokerDropped` alert (of no property: Administrators see it) counts `grown` more,
 * or a new one is raised with it. `since`: when the open alert's first drop was read.
 */
async function raiseDropped(tx: Tx, grown: number, readAt: Date, now: Date): Promise<void> {
  await tx.execute(sql`
    insert into system_alerts as a (kind, params, created_at)
    values ('brokerDropped', jsonb_build_object('dropped', ${grown}::bigint, 'since', ${readAt.toISOString()}::text), ${now})
    on conflict (kind) where resolved_at is null and service_point_id is null do update
      set params = jsonb_set(a.params, '{dropped}', to_jsonb((a.params->>'dropped')::bigint + ${grown}::bigint))`);
}

/** The broker's dropped count as last counted (by any instance), and when it was read; null before any was read. */
export async function lastBrokerDropped(q: Queryable): Promise<{ count: number; at: Date } | null> {
  const [last] = await rows<{ count: number | string; read_at: Date | string }>(
    q,
    sql`select count, read_at from broker_drops order by read_at desc limit 1`,
  );
  return last ? { count: Number(last.count), at: new Date(last.read_at) } : null;
}
