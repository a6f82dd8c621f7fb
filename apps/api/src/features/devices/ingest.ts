import { and, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { servicePoints, systemAlerts } from '../../db/schema';
import type { Deps } from '../../deps';
import type { DeviceEvents, DeviceHeartbeat, DeviceReading } from '../../devices/gateway';
import { announce } from '../../hub/events';
import { recordReadings } from '../meters/readings';
import { locationEventsOfMeters, siteEventsOfMeters } from '../../hub/queries';
import { meterIdsByKey } from './queries';
import { settle } from './service';

/** What the server does as devices speak: every change is written first, then announced. */
export function deviceEvents(deps: Deps): DeviceEvents {
  return {
    acks: (acks) => settle(deps, acks),
    readings: (readings) => storeReadings(deps, readings),
    heartbeats: (beats) => storeHeartbeats(deps, beats),
  };
}

async function storeReadings(deps: Deps, readings: DeviceReading[]): Promise<void> {
  const ids = await meterIdsByKey(deps.db, [...new Set(readings.map((r) => r.deviceKey))]);
  const known = readings.filter((r) => ids.has(r.deviceKey));
  if (!known.length) return;
  await deps.db.transaction(async (tx) => {
    const meterIds = [...new Set(known.map((r) => ids.get(r.deviceKey)!))];
    const recovered = await recover(tx, meterIds, deps.now());
    await recordReadings(
      tx,
      known.map((r) => ({ servicePointId: ids.get(r.deviceKey)!, readAt: r.readAt, total: r.total, isReset: false })),
    );
    // Usage moved on these sites: one event a site, not one a location, keeps the hub quiet.
    await announce(tx, [
      ...(await locationEventsOfMeters(tx, recovered, deps.now())),
      ...(await siteEventsOfMeters(tx, meterIds, deps.now())),
    ]);
  });
}

async function storeHeartbeats(deps: Deps, beats: DeviceHeartbeat[]): Promise<void> {
  const ids = await meterIdsByKey(deps.db, [...new Set(beats.map((b) => b.deviceKey))]);
  const meterIds = [...ids.values()];
  if (!meterIds.length) return;
  await deps.db.transaction(async (tx) => {
    await tx
      .update(servicePoints)
      .set({ lastSeenAt: sql`greatest(${servicePoints.lastSeenAt}, ${deps.now()})` })
      .where(inArray(servicePoints.id, meterIds));
    const recovered = await recover(tx, meterIds, deps.now());
    await announce(tx, await locationEventsOfMeters(tx, recovered, deps.now()));
  });
}

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
