import { sql } from 'drizzle-orm';
import { METERED_DEVICE_GROUPS, readingProblem, type StayReading } from '@portal/contract';
import { intArray, rows, type Tx } from '../../db/client';
import { announce } from '../../hub/events';
import { auditAll } from '../../access/audit';
import { personOf, type Actor } from '../../access/actor';
import { conflict, invalid } from '../../lib/errors';
import { recordReadings } from './readings';
import { readingValues } from './service';

/**
 * The readings taken at a check-in or check-out of the location's meters (read off the meter or
 * estimated), stored a millisecond before `at`, its instant, so that the stay opens or closes at
 * them: the stay's level is the meter's before that instant. They keep the rules of any reading
 * (value, usage rule, a total at an instant already read). A person at the desk must bring the
 * reading of each meter read by hand; a partner's key and the automatic check-out may not have
 * one, and the stay then opens or closes at the meter's last reading. Audited as hand reads.
 */
export async function recordStayReadings(
  tx: Tx,
  actor: Actor,
  locationId: number,
  readings: StayReading[] | undefined,
  at: Date,
): Promise<void> {
  const taken = readings ?? [];
  const meters = await rows<{ id: number; unit: 'kWh' | 'gal'; read_by_hand: boolean }>(
    tx,
    sql`
    select sp.id, dt.unit, sp.read_by_hand from service_points sp join device_types dt on dt.id = sp.device_type_id
    where sp.location_id = ${locationId} and dt.group_id = any(${intArray(METERED_DEVICE_GROUPS)})`,
  );
  const unitOf = new Map(meters.map((m) => [m.id, m.unit]));
  taken.forEach((r, i) => {
    const unit = unitOf.get(r.servicePointID);
    if (!unit) throw invalid('fieldNotValid', `readings.${i}.servicePointID`);
    const problem = readingProblem(r.reading, unit === 'gal');
    if (problem) throw invalid(problem, `readings.${i}.reading`);
  });
  const unread = meters.some((m) => m.read_by_hand && !taken.some((r) => r.servicePointID === m.id));
  if (actor.kind === 'user' && unread) throw invalid('handReadingRequired', 'readings');
  if (!taken.length) return;
  const readAt = new Date(at.getTime() - 1);
  const { conflicts } = await recordReadings(
    tx,
    taken.map((r) => ({
      servicePointId: r.servicePointID,
      readAt,
      total: r.reading.trim(),
      isReset: false,
      estimated: r.estimated,
    })),
    { review: { reason: 'lateReading', userAccountId: personOf(actor) } },
  );
  if (conflicts.length) throw conflict('readingConflict', 'readings');
  await auditAll(
    tx,
    actor,
    taken.map((r) => ({
      action: 'handRead',
      entityType: 'servicePoint',
      entityId: r.servicePointID,
      after: { reading: r.reading.trim(), at: readAt.toISOString(), estimated: r.estimated },
    })),
  );
  await announce(
    tx,
    await readingValues(
      tx,
      taken.map((r) => r.servicePointID),
      at,
    ),
  );
}
