import { and, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Tx } from '../../db/client';
import { servicePoints, systemAlerts } from '../../db/schema';
import type { Deps } from '../../deps';
import type { DeviceEvents, DeviceHeartbeat, DeviceReading, DeviceRefusal } from '../../devices/gateway';
import { refusalOf } from '../../devices/gateway';
import { announce } from '../../hub/events';
import { groupBy } from '../../lib/group';
import { recordReadings } from '../meters/readings';
import { readingValues } from '../meters/service';
import { meterIdsByKey } from './queries';
import { recordRefusals } from './refusals';
import { settle } from './service';

/** What the server does as devices speak: every change is written first, then announced. */
export function deviceEvents(deps: Deps, log: FastifyBaseLogger): DeviceEvents {
  return {
    acks: (acks) => settle(deps, acks),
    readings: (readings) => storeReadings(deps, log, readings),
    heartbeats: (beats) => storeHeartbeats(deps, beats),
    refusals: (refusals) => recordRefusals(deps.db, log, refusals, deps.now()),
  };
}

type KnownReading = DeviceReading & { meterId: number };

/**
 * Stores a batch of readings, one transaction for all. When that fails and the database
 * still answers, each meter's readings are stored on their own, so that one meter's data
 * cannot lose another's; a meter whose readings fail while the database answers is logged
 * and skipped. Throws when the database does not answer (the gateway stores the batch again
 * later). Answers the readings of device keys no meter has, refused ('unknownMeter').
 */
async function storeReadings(deps: Deps, log: FastifyBaseLogger, readings: DeviceReading[]): Promise<DeviceRefusal[]> {
  const ids = await meterIdsByKey(deps.db, [...new Set(readings.map((r) => r.deviceKey))]);
  const known: KnownReading[] = [];
  const unknown: DeviceRefusal[] = [];
  for (const r of readings) {
    const meterId = ids.get(r.deviceKey);
    if (meterId !== undefined) known.push({ ...r, meterId });
    else unknown.push(unknownMeter(deps, 'reading', r, `total ${r.total} at ${r.readAt.toISOString()}`));
  }
  if (known.length) {
    try {
      await storeMeterReadings(deps, known);
    } catch (err) {
      if (!(await deps.database.ping())) throw err;
      for (const [meterId, own] of groupBy(known, (r) => r.meterId)) {
        try {
          await storeMeterReadings(deps, own);
        } catch (meterErr) {
          // The database went away meanwhile: the whole batch is stored again later (idempotent).
          if (!(await deps.database.ping())) throw meterErr;
          log.error({ err: meterErr, meterId, readings: own }, 'readings of one meter could not be stored; skipped');
        }
      }
    }
  }
  return unknown;
}

async function storeMeterReadings(deps: Deps, readings: KnownReading[]): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const meterIds = [...new Set(readings.map((r) => r.meterId))];
    const recovered = await recover(tx, meterIds, deps.now());
    await recordReadings(
      tx,
      readings.map((r) => ({ servicePointId: r.meterId, readAt: r.readAt, total: r.total, isReset: false })),
    );
    // One event a property, with each meter's new total, usage and state: browsers patch their rows.
    await announce(tx, await readingValues(tx, meterIds, deps.now(), recovered));
  });
}

async function storeHeartbeats(deps: Deps, beats: DeviceHeartbeat[]): Promise<DeviceRefusal[]> {
  const ids = await meterIdsByKey(deps.db, [...new Set(beats.map((b) => b.deviceKey))]);
  const meterIds = [...ids.values()];
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
    .map((b) => unknownMeter(deps, 'heartbeat', b, `at ${b.at.toISOString()}`));
}

const unknownMeter = (deps: Deps, kind: string, message: DeviceReading | DeviceHeartbeat, detail: string) =>
  refusalOf(message, 'unknownMeter', `${kind} ${detail}`, deps.now());

/** Missing meters among these that spoke again: no longer missing, their alerts resolved. */
async function recover(tx: Tx, meterIds: number[], now: Date): Promise<number[]> {
  const back = await tx
    .update(servicePoints)
    .set({ isMissingDevice: false, lastSeenAt: sql`greatest(${servicePoints.lastSeenAt}, ${now})` })
    .where(and(inArray(servicePoints.id, meterIds), sql`${servicePoints.isMissingDevice}`))
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
