import { and, eq, sql } from 'drizzle-orm';
import {
  METERED_DEVICE_GROUPS,
  readingProblem,
  READING_PHOTO_MAX_BYTES,
  type ManualReadingRequest,
  type ReadRouteStop,
} from '@portal/contract';
import { intArray, rows, type Queryable, type Tx } from '../../db/client';
import { deviceTypes, readingPhotos, servicePoints } from '../../db/schema';
import { announce } from '../../hub/events';
import { audit } from '../../access/audit';
import { personOf, type UserContext } from '../../access/actor';
import { requireServicePoint, unknownTo, type SiteRef } from '../../access/scope';
import { conflict, invalid } from '../../lib/errors';
import { isoOrNull } from '../../lib/instants';
import { TIME_PROBLEM_CODES, timeProblem } from './admission';
import { expectedMost, surroundingsOf } from './reading-checks';
import { recordReadings, type RecordOptions } from './readings';
import { estimateAt } from './usage';
import { readingValues } from './service';

/** The photo's bytes and type, known by its first bytes (never by what the client says it is). */
function photoOf(base64: string): { bytes: Buffer; contentType: 'image/jpeg' | 'image/png' } {
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > READING_PHOTO_MAX_BYTES) throw invalid('photoTooLarge', 'photo');
  if (bytes.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))) return { bytes, contentType: 'image/jpeg' };
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return { bytes, contentType: 'image/png' };
  throw invalid('photoNotImage', 'photo');
}

/**
 * A reading a person entered: on a networked meter by default the Reset Reading (a new baseline),
 * on a meter read by hand (or with `reset: false`) a read the usage rule judges like a device's,
 * at its own time (a read entered offline keeps it), estimated or with a photo of the meter face.
 * It keeps the rules every reading keeps (its time, its total at an instant already read); below
 * the reading before it, it is stored only once the user confirmed (the client resends with the
 * override flag). A read before the meter's latest reading changes the closed stays it falls in
 * through a revision ("late readings"). An actual read at the instant of an estimate replaces it,
 * and the statements it was on are revised ("estimate replaced").
 */
export async function addManualReading(
  ctx: UserContext,
  input: ManualReadingRequest,
): Promise<{
  answer: { overrideConfirmation: boolean; previousReading: number | null };
  reset: boolean;
  /** The meter whose estimate the read replaced (its statements are to be revised); null for none. */
  replaced: number | null;
}> {
  const { user } = ctx.actor;
  const [meter] = await ctx.db
    .select({
      id: servicePoints.id,
      createdAt: servicePoints.createdAt,
      readByHand: servicePoints.readByHand,
      supportsReset: deviceTypes.supportsResetReading,
      groupId: deviceTypes.groupId,
      unit: deviceTypes.unit,
    })
    .from(servicePoints)
    .innerJoin(deviceTypes, eq(deviceTypes.id, servicePoints.deviceTypeId))
    .where(
      input.servicePointID === undefined
        ? eq(servicePoints.deviceKey, input.deviceKey ?? '')
        : eq(servicePoints.id, input.servicePointID),
    );
  if (!meter) throw unknownTo(user, 'meter');
  await requireServicePoint(ctx.db, user, meter.id);
  const reset = input.reset ?? !meter.readByHand;
  // a reset needs a type that supports one; a read, a meter that measures (not a cube or a data collector)
  if (reset ? !meter.supportsReset : !METERED_DEVICE_GROUPS.includes(meter.groupId)) throw invalid('optionUnavailable');
  const isWater = meter.unit === 'gal';
  const raw = String((isWater ? input.totalGallons : input.kwHTotal) ?? '');
  const problem = readingProblem(raw, isWater);
  if (problem) throw invalid(problem, isWater ? 'totalGallons' : 'kwHTotal');
  const total = raw.trim();
  const readAt = input.at === undefined ? ctx.now() : new Date(input.at);
  const late = timeProblem(readAt, meter, ctx.now(), {
    maxAgeDays: ctx.config.readingMaxAgeDays,
    clockSkewMs: ctx.config.clockSkewSeconds * 1000,
  });
  if (late) throw invalid(TIME_PROBLEM_CODES[late], 'at');
  const photo = input.photo === undefined ? null : photoOf(input.photo);
  // an actual read at the instant of an estimate replaces it (the statements it is on are revised)
  const estimate = input.estimated || reset ? null : await estimateHeldAt(ctx.db, meter.id, readAt);
  const { previous, below } = (await surroundingsOf(ctx.db, [{ servicePointId: meter.id, readAt, total }]))[0]!;
  if (below && !input.overrideConfirmation) {
    return { answer: { overrideConfirmation: true, previousReading: Number(previous) }, reset, replaced: null };
  }
  const review = {
    reason: estimate === null ? ('lateReading' as const) : ('estimateReplaced' as const),
    userAccountId: personOf(ctx.actor),
  };
  await ctx.db.transaction(async (tx) => {
    if (estimate !== null) await setAsideEstimate(tx, meter.id, readAt, estimate, review);
    const { conflicts } = await recordReadings(
      tx,
      [{ servicePointId: meter.id, readAt, total, isReset: reset, estimated: input.estimated }],
      { review },
    );
    if (conflicts.length) throw conflict('readingConflict', 'at');
    if (photo) {
      await tx
        .insert(readingPhotos)
        .values({ servicePointId: meter.id, readAt, ...photo, userAccountId: personOf(ctx.actor) })
        .onConflictDoUpdate({
          target: [readingPhotos.servicePointId, readingPhotos.readAt],
          set: { ...photo, userAccountId: personOf(ctx.actor) },
        });
    }
    await audit(tx, ctx.actor, {
      action: estimate !== null ? 'replaceEstimate' : reset ? 'manualReading' : 'handRead',
      entityType: 'servicePoint',
      entityId: meter.id,
      before: { reading: estimate ?? previous },
      after: { reading: total, at: readAt.toISOString(), estimated: input.estimated, photo: photo !== null },
    });
    await announce(tx, await readingValues(tx, [meter.id], ctx.now()));
  });
  return {
    answer: { overrideConfirmation: false, previousReading: previous === null ? null : Number(previous) },
    reset,
    replaced: estimate === null ? null : meter.id,
  };
}

/** The photo of the meter face taken with a reading; null when the reading has none. */
export async function readingPhoto(q: Queryable, meterId: number, at: Date) {
  const [photo] = await q
    .select({ contentType: readingPhotos.contentType, bytes: readingPhotos.bytes })
    .from(readingPhotos)
    .where(and(eq(readingPhotos.servicePointId, meterId), eq(readingPhotos.readAt, at)));
  return photo ?? null;
}

/** The total of the estimate a meter holds at an instant; null when it holds none there (or an actual reading). */
async function estimateHeldAt(q: Queryable, meterId: number, at: Date): Promise<string | null> {
  const [row] = await rows<{ total: string }>(
    q,
    sql`select total::text as total from meter_readings
        where service_point_id = ${meterId} and read_at = ${at} and estimated and decision is distinct from 'discarded'`,
  );
  return row?.total ?? null;
}

/**
 * Takes an estimate out of a meter's series, so that the actual read can take its instant: it is
 * discarded first (walked again, it counts for nothing and the roll-ups move by the difference),
 * then removed.
 */
async function setAsideEstimate(tx: Tx, meterId: number, at: Date, total: string, review: RecordOptions['review']) {
  await tx.execute(sql`
    update meter_readings set decision = 'discarded' where service_point_id = ${meterId} and read_at = ${at}`);
  await recordReadings(tx, [{ servicePointId: meterId, readAt: at, total, isReset: false }], { review });
  await tx.execute(sql`delete from meter_readings where service_point_id = ${meterId} and read_at = ${at}`);
}

/**
 * A property's meters to read by hand, in its route's order (the staff's, else the natural order
 * of the descriptions): those read by hand and the networked ones gone silent, each with its last
 * reading and the range the next is expected in (at least the last; at most the last plus the
 * highest daily usage of its last 30 days for each day since, with a margin; no most without use).
 */
export async function readRoute(q: Queryable, site: SiteRef, now: Date): Promise<ReadRouteStop[]> {
  const found = await rows<{
    id: number;
    location_id: number;
    description: string;
    name: string;
    unit: 'kWh' | 'gal';
    read_by_hand: boolean;
    last_reading: string | null;
    last_reading_at: Date | string | null;
    expected_max: string | null;
    estimate: string | null;
  }>(
    q,
    sql`
    select sp.id, l.id as location_id, l.description, sp.name, dt.unit, sp.read_by_hand,
      trim_scale(sp.last_reading)::text as last_reading, sp.last_reading_at,
      ${expectedMost(sql`sp.id`, sql`sp.last_reading`, sql`sp.last_reading_at`, sql`${now}::timestamptz`)}::text as expected_max,
      ${estimateAt(sql`sp`, sql`${now}::timestamptz`)}::text as estimate
    from locations l
    join service_points sp on sp.location_id = l.id
    join device_types dt on dt.id = sp.device_type_id
    where l.site_id = ${site.siteId} and not l.deleted and dt.group_id = any(${intArray(METERED_DEVICE_GROUPS)})
      and (sp.read_by_hand or sp.is_missing_device)
    order by l.route_position nulls last, l.sort_key, sp.slot`,
  );
  return found.map((m) => ({
    servicePointID: m.id,
    locationID: m.location_id,
    locationDescription: m.description,
    meterName: m.name,
    unit: m.unit,
    readByHand: m.read_by_hand,
    lastReading: m.last_reading,
    lastReadAt: isoOrNull(m.last_reading_at),
    expectedMin: m.last_reading,
    expectedMax: m.expected_max,
    estimate: m.estimate,
  }));
}

/** Puts a property's read route in a new order: the locations named first, in that order; the rest after them. */
export async function saveReadRoute(ctx: UserContext, site: SiteRef, locationIds: number[]): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const placed = await rows<{ id: number }>(
      tx,
      sql`
      update locations l set route_position = o.position
      from (select * from unnest(${intArray(locationIds)}) with ordinality as o(id, position)) o
      where l.id = o.id and l.site_id = ${site.siteId}
      returning l.id`,
    );
    if (placed.length !== locationIds.length) throw invalid('fieldNotValid', 'locationIDs');
    await tx.execute(sql`
      update locations set route_position = null
      where site_id = ${site.siteId} and route_position is not null and not (id = any(${intArray(locationIds)}))`);
    await audit(tx, ctx.actor, {
      action: 'saveReadRoute',
      entityType: 'site',
      entityId: site.siteId,
      after: { locationIDs: locationIds },
    });
  });
}
