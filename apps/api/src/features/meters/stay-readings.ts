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
 * (value, usage rule, a total at an instant already read). Audited as hand reads.
 */
export async function recordStayReadings(
  tx: Tx,
  actor: Actor,
  locationId: number,
  readings: StayReading[] | undefined,
  at: Date,
): Promise<void> {
  if (!readings?.length) return;
  const meters = await rows<{ id: number; unit: 'kWh' | 'gal' }>(
    tx,
    sql`
    select sp.id, dt.unit from service_points sp join device_types dt on dt.id = sp.device_type_id
    where sp.location_id = ${locationId} and sp.id = any(${intArray(readings.map((r) => r.servicePointID))})
      and dt.group_id = any(${intArray(METERED_DEVICE_GROUPS)})`,
  );
  const unitOf = new Map(meters.map((m) => [m.id, m.unit]));
  readings.forEach((r, i) => {
    const unit = unitOf.get(r.servicePointID);
    if (!unit) throw invalid('fieldNotValid', `readings.${i}.servicePointID`);
    const problem = readingProblem(r.reading, unit === 'gal');
    if (problem) throw invalid(problem, `readings.${i}.reading`);
  });
  const readAt = new Date(at.getTime() - 1);
  const { conflicts } = await recordReadings(
    tx,
    readings.map((r) => ({
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
    readings.map((r) => ({
      action: 'handRead',
      entityType: 'servicePoint',
      entityId: r.servicePointID,
      after: { reading: r.reading.trim(), at: readAt.toISOString(), estimated: r.estimated },
    })),
  );
  await announce(tx, await readingValues(tx, [...unitOf.keys()], at));
}
