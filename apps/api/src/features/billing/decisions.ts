import { sql } from 'drizzle-orm';
import type { HeldBackReading, ReadingDecisionRequest } from '@portal/contract';
import { rows, type Queryable } from '../../db/client';
import { announce } from '../../hub/events';
import { audit } from '../../access/audit';
import { invalid } from '../../lib/errors';
import type { LocationRef, ServicePointRef } from '../../access/scope';
import { levelBefore, readingValues, recordReadings } from '../meters';
import { reviseStatements, staysOfMeter } from './revisions';
import type { UserContext } from '../../access/actor';

/** How many held-back readings a location lists at most, newest first. */
const HELD_BACK_SHOWN = 200;

/** The readings of a location's meters held back as suspect, newest first, each with the level it rises from. */
export async function heldBackReadings(q: Queryable, location: LocationRef): Promise<HeldBackReading[]> {
  const found = await rows<{
    id: number;
    name: string;
    unit: 'kWh' | 'gal';
    at: Date | string;
    total: string;
    previous: string | null;
    rise: string | null;
  }>(
    q,
    sql`
    select h.id, h.name, h.unit, h.at, h.total::text as total, h.previous::text as previous,
      trim_scale(h.total - h.previous)::text as rise
    from (
      select sp.id, sp.name, dt.unit, r.read_at as at, trim_scale(r.total) as total,
        trim_scale(${levelBefore(sql`r.service_point_id`, sql`r.read_at`)}) as previous
      from service_points sp
      join device_types dt on dt.id = sp.device_type_id
      -- kind <> 'normal': the partial index of the few readings that break a series
      join meter_readings r on r.service_point_id = sp.id and r.kind <> 'normal' and r.kind = 'suspect'
      where sp.location_id = ${location.locationId}
      order by r.read_at desc
      limit ${HELD_BACK_SHOWN}
    ) h`,
  );
  return found.map((r) => ({
    servicePointID: r.id,
    servicePointName: r.name,
    unit: r.unit,
    readDateTime: new Date(r.at).toISOString(),
    reading: r.total,
    previousReading: r.previous,
    rise: r.rise,
  }));
}

/**
 * Staff decide a reading held back: confirmed, its rise counts as read; discarded, it counts for
 * nothing. The meter's readings are walked again from it, the roll-ups move by the difference,
 * and the closed stays it changes are revised at once, each revision saying why. Audited.
 */
export async function decideReading(
  ctx: UserContext,
  meter: ServicePointRef,
  input: ReadingDecisionRequest,
  decision: 'confirmed' | 'discarded',
): Promise<void> {
  const { user } = ctx.actor;
  const at = new Date(input.readDateTime);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const [held] = await rows<{ total: string; kind: string }>(
      tx,
      sql`
      select total::text as total, kind from meter_readings
      where service_point_id = ${meter.servicePointId} and read_at = ${at} and kind = 'suspect'
      for update`,
    );
    if (!held) throw invalid('readingNotHeldBack', 'readDateTime');
    await tx.execute(sql`
      update meter_readings set decision = ${decision}
      where service_point_id = ${meter.servicePointId} and read_at = ${at}`);
    const reason = decision === 'confirmed' ? 'readingConfirmed' : 'readingDiscarded';
    await recordReadings(
      tx,
      [{ servicePointId: meter.servicePointId, readAt: at, total: held.total, isReset: false }],
      {
        review: { reason, userAccountId: user.userAccountId },
      },
    );
    await audit(tx, ctx.actor, {
      action: decision === 'confirmed' ? 'confirmReading' : 'discardReading',
      entityType: 'servicePoint',
      entityId: meter.servicePointId,
      before: { readAt: at.toISOString(), total: held.total, kind: held.kind },
      after: { decision },
    });
    await reviseStatements(tx, ctx.actor, staysOfMeter(meter.servicePointId), now);
    await announce(tx, await readingValues(tx, [meter.servicePointId], now));
  });
}
