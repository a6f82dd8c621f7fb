import { and, inArray, isNull, sql } from 'drizzle-orm';
import type { ConnectionState, RefusalReason } from '@portal/contract';
import { actingAs, type Log } from '../../access/actor';
import { intArray, rows, type Tx } from '../../db/client';
import { servicePoints, systemAlerts } from '../../db/schema';
import type { Deps } from '../../deps';
import type { DeviceEvents, DeviceHeartbeat, DeviceReading, DeviceRefusal, DeviceStatus } from '../../gateway/gateway';
import { refusalOf } from '../../gateway/gateway';
import { announce } from '../../hub/events';
import { groupBy } from '../../lib/group';
import { timeProblem, recordReadings, readingValues } from '../meters';
import { flagMissing } from './monitor';
import { metersByKey } from './queries';
import { recordRefusals } from './refusals';
import { settle } from './service';

/** What the server does as devices speak: every change is written first, then announced. */
export function deviceEvents(deps: Deps, log: Log): DeviceEvents {
  return {
    acks: (acks) => settle(actingAs(deps, { kind: 'device' }, log), acks),
    readings: (readings) => storeReadings(deps, log, readings),
    heartbeats: (beats) => storeHeartbeats(deps, beats),
    statuses: (statuses) => storeStatuses(deps, statuses),
    refusals: (refusals) => recordRefusals(deps.db, log, refusals, deps.now()),
  };
}

type KnownReading = DeviceReading & { meterId: number };

/**
 * Stores a batch of readings, one transaction for all. When that fails and the database
 * still answers, each meter's readings are stored on their own, so that one meter's data
 * cannot lose another's; a meter whose readings fail while the database answers is logged
 * and skipped. Throws when the database does not answer (the gateway stores the batch again
 * later). Answers the readings refused: of device keys no meter has ('unknownMeter'), outside
 * the time a reading may have ('tooOld', 'beforeMeter'), or another total at an instant stored
 * already ('conflictingTotal').
 */
async function storeReadings(deps: Deps, log: Log, readings: DeviceReading[]): Promise<DeviceRefusal[]> {
  const meters = await metersByKey(deps.db, [...new Set(readings.map((r) => r.deviceKey))]);
  const known: KnownReading[] = [];
  const refused: DeviceRefusal[] = [];
  const now = deps.now();
  const bounds = { maxAgeDays: deps.config.readingMaxAgeDays, clockSkewMs: deps.config.clockSkewSeconds * 1000 };
  for (const r of readings) {
    const meter = meters.get(r.deviceKey);
    const reason = meter ? timeProblem(r.readAt, meter, now, bounds) : 'unknownMeter';
    if (reason) refused.push(readingRefused(deps, reason, r));
    else known.push({ ...r, meterId: meter!.id });
  }
  if (known.length) {
    try {
      refused.push(...(await storeMeterReadings(deps, known)));
    } catch (err) {
      if (!(await deps.database.ping())) throw err;
      for (const [meterId, own] of groupBy(known, (r) => r.meterId)) {
        try {
          refused.push(...(await storeMeterReadings(deps, own)));
        } catch (meterErr) {
          // The database went away meanwhile: the whole batch is stored again later (idempotent).
          if (!(await deps.database.ping())) throw meterErr;
          log.error({ err: meterErr, meterId, readings: own }, 'readings of one meter could not be stored; skipped');
        }
      }
    }
  }
  return refused;
}

/** Stores known meters' readings; answers those refused for another total stored at their instant. */
async function storeMeterReadings(deps: Deps, readings: KnownReading[]): Promise<DeviceRefusal[]> {
  return deps.db.transaction(async (tx) => {
    const meterIds = [...new Set(readings.map((r) => r.meterId))];
    const now = deps.now();
    const recovered = await recover(tx, meterIds, now);
    const { conflicts } = await recordReadings(
      tx,
      readings.map((r) => ({ servicePointId: r.meterId, readAt: r.readAt, total: r.total, isReset: false })),
      { seenAt: now },
    );
    // One event a property, with each meter's new total, usage and state: browsers patch their rows.
    await announce(tx, await readingValues(tx, meterIds, now, recovered));
    // each conflict is one of the readings handed in: its notice echoes what that message said
    const left = [...readings];
    return conflicts.map((c) => {
      const i = left.findIndex(
        (r) => r.meterId === c.servicePointId && r.readAt.getTime() === c.readAt.getTime() && r.total === c.total,
      );
      return readingRefused(deps, 'conflictingTotal', left.splice(i, 1)[0]!);
    });
  });
}

async function storeHeartbeats(deps: Deps, beats: DeviceHeartbeat[]): Promise<DeviceRefusal[]> {
  const ids = await metersByKey(deps.db, [...new Set(beats.map((b) => b.deviceKey))]);
  const meterIds = [...ids.values()].map((m) => m.id);
  if (meterIds.length) {
    await deps.db.transaction(async (tx) => {
      await tx
        .update(servicePoints)
        .set({ lastSeenAt: sql`greatest(${servicePoints.lastSeenAt}, ${deps.now()})` })
        .where(inArray(servicePoints.id, meterIds));
      // a heartbeat is news only for a meter that was missing
      const recovered = await recover(tx, meterIds, deps.now());
      await announce(tx, await readingValues(tx, recovered, deps.now(), recovered));
    });
  }
  return beats
    .filter((b) => !ids.has(b.deviceKey))
    .map((b) => refusalOf(b, 'unknownMeter', `heartbeat at ${b.at.toISOString()}`, deps.now()));
}

/**
 * Stores what meters said of their connections, the last of each meter's in the batch. A status
 * received before the one stored changes nothing, so that two instances storing theirs in either
 * order agree. 'offline' (the meter's Last Will, published by the broker) makes a watched meter
 * missing at once, without waiting for MISSING_AFTER_MINUTES of silence; 'online' is a sign of
 * life and brings a missing meter back. Answers the statuses of device keys no meter has.
 */
async function storeStatuses(deps: Deps, statuses: DeviceStatus[]): Promise<DeviceRefusal[]> {
  const meters = await metersByKey(deps.db, [...new Set(statuses.map((s) => s.deviceKey))]);
  const latest = new Map<number, DeviceStatus>();
  for (const s of statuses) {
    const meter = meters.get(s.deviceKey);
    if (meter) latest.set(meter.id, s);
  }
  if (latest.size) {
    await deps.db.transaction(async (tx) => {
      const said = [...latest].map(([id, s]) => ({ id, state: s.state, at: s.at.toISOString() }));
      const changed = await rows<{ id: number; state: ConnectionState }>(
        tx,
        sql`
        update service_points sp set connection_state = x.state, connection_changed_at = x.at,
          last_seen_at = case when x.state = 'online' then greatest(sp.last_seen_at, x.at) else sp.last_seen_at end
        from jsonb_to_recordset(${JSON.stringify(said)}::jsonb) as x(id int, state text, at timestamptz)
        where sp.id = x.id and (sp.connection_changed_at is null or sp.connection_changed_at <= x.at)
        returning sp.id, sp.connection_state as state`,
      );
      const now = deps.now();
      const saying = (state: ConnectionState) => changed.filter((c) => c.state === state).map((c) => c.id);
      await flagMissing(tx, sql`sp.id = any(${intArray(saying('offline'))})`, now);
      const recovered = await recover(tx, saying('online'), now);
      await announce(tx, await readingValues(tx, recovered, now, recovered));
    });
  }
  return statuses
    .filter((s) => !meters.has(s.deviceKey))
    .map((s) => refusalOf(s, 'unknownMeter', `status ${s.state}`, deps.now()));
}

/** A reading the server refused, with what it said (echoed in the notice). */
const readingRefused = (deps: Deps, reason: RefusalReason, r: DeviceReading): DeviceRefusal =>
  refusalOf(r, reason, `reading total ${r.total} at ${r.readAt.toISOString()}`, deps.now());

/**
 * Meters among these that spoke again while missing or said offline: no longer missing, online,
 * their missing alerts resolved.
 */
async function recover(tx: Tx, meterIds: number[], now: Date): Promise<number[]> {
  const { isMissingDevice, connectionState, lastSeenAt } = servicePoints;
  const back = await tx
    .update(servicePoints)
    .set({
      isMissingDevice: false,
      lastSeenAt: sql`greatest(${lastSeenAt}, ${now})`,
      connectionState: sql`case when ${connectionState} = 'offline' then 'online' else ${connectionState} end`,
    })
    .where(and(inArray(servicePoints.id, meterIds), sql`(${isMissingDevice} or ${connectionState} = 'offline')`))
    .returning({ id: servicePoints.id });
  const ids = back.map((b) => b.id);
  if (ids.length) {
    await tx
      .update(systemAlerts)
      .set({ resolvedAt: now })
      .where(
        and(
          inArray(systemAlerts.servicePointId, ids),
          isNull(systemAlerts.resolvedAt),
          sql`${systemAlerts.kind} = 'missingDevice'`,
        ),
      );
  }
  return ids;
}
