import type { FastifyRequest } from 'fastify';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { Role, type BulkLocationEntry, type LocationRow, type UpdateLocationRequest } from '@portal/contract';
import type { Queryable, Tx } from '../../db/client';
import { locations, servicePoints, sites, stays } from '../../db/schema';
import type { Deps } from '../../deps';
import { announce, locationChanged, siteChanged } from '../../hub/events';
import { audit } from '../../lib/audit';
import { AppError, conflict, invalid } from '../../lib/errors';
import type { Principal } from '../auth/principal';
import type { SiteRef } from '../auth/scope';
import { handOver, queueControls } from '../devices/service';
import { metersOfLocations } from '../meters/service';
import { descriptionClashes } from './descriptions';
import { presentLocation } from './presenter';
import { selectLocations } from './queries';

/** The locations table of one property, usage included: four queries for any number of rows. */
export async function listLocations(q: Queryable, site: SiteRef, now: Date): Promise<LocationRow[]> {
  const [rows, meters] = await Promise.all([
    selectLocations(q, sql`l.site_id = ${site.siteId}`),
    metersOfLocations(q, sql`l.site_id = ${site.siteId}`, now),
  ]);
  return rows.map((r) => presentLocation(r, meters.get(r.id) ?? []));
}

export async function getLocation(q: Queryable, locationId: number, now: Date): Promise<LocationRow> {
  const [rows, meters] = await Promise.all([
    selectLocations(q, sql`l.id = ${locationId}`),
    metersOfLocations(q, sql`l.id = ${locationId}`, now),
  ]);
  return presentLocation(rows[0]!, meters.get(locationId) ?? []);
}

/** Adds rows to properties in one transaction (the route's scope checked the properties). */
export async function createLocations(
  deps: Deps,
  req: FastifyRequest,
  entries: BulkLocationEntry[],
): Promise<number[]> {
  return deps.db.transaction(async (tx) => {
    const named = entries.map((e, i) => ({ siteId: e.fk_SiteID, description: e.locationDescription, row: i }));
    const clashes = await descriptionClashes(tx, named);
    if (clashes.length)
      throw conflict(
        'locationDescriptionTaken',
        clashes.map((c) => `${c.row}.locationDescription`),
      );
    const inserted = await tx
      .insert(locations)
      .values(
        entries.map((e) => ({
          siteId: e.fk_SiteID,
          description: e.locationDescription,
          accountNumber: e.accountNumber,
          publicName: `new-${crypto.randomUUID()}`,
        })),
      )
      .returning({ id: locations.id });
    const ids = inserted.map((r) => r.id);
    // The public name (printed on the pedestal) defaults to a code made from the id.
    await tx
      .update(locations)
      .set({ publicName: sql`'L' || lpad(${locations.id}::text, 6, '0')` })
      .where(inArray(locations.id, ids));
    await audit(tx, req, {
      action: 'createLocations',
      entityType: 'location',
      entityId: ids.join(','),
      after: entries,
    });
    await announce(
      tx,
      [...new Set(entries.map((e) => e.fk_SiteID))].flatMap((siteId) => siteChanged(siteId, deps.now())),
    );
    return ids;
  });
}

type Editable = Pick<UpdateLocationRequest, 'locationDescription' | 'billingAccountNumber' | 'locationPublicName'> & {
  locationType?: number | null;
};

/**
 * Field rules of the Edit Location modal, on the server: every role may change the
 * description; only an Administrator or Site Owner the account number, type and public
 * name; nobody the description, account or type while a guest is checked in.
 */
export async function updateLocation(
  deps: Deps,
  req: FastifyRequest,
  user: Principal,
  locationId: number,
  input: Editable,
): Promise<void> {
  await deps.db.transaction((tx) => editLocation(tx, deps.now(), req, user, locationId, input));
}

/** `updateLocation` inside the caller's transaction (the caller checked the scope). */
export async function editLocation(
  tx: Tx,
  now: Date,
  req: FastifyRequest,
  user: Principal,
  locationId: number,
  input: Editable,
): Promise<void> {
  const [before] = await tx.select().from(locations).where(eq(locations.id, locationId)).for('update');
  const current = before!;
  const changed = {
    description: input.locationDescription !== current.description,
    accountNumber: input.billingAccountNumber !== current.accountNumber,
    locationTypeId: input.locationType !== undefined && input.locationType !== current.locationTypeId,
    publicName: input.locationPublicName !== current.publicName,
  };
  if (current.isCheckedIn && (changed.description || changed.accountNumber || changed.locationTypeId)) {
    throw conflict('checkedInReadOnly');
  }
  const ownerFields = changed.accountNumber || changed.locationTypeId || changed.publicName;
  if (ownerFields && user.roleId !== Role.Administrator && user.roleId !== Role.SiteOwner) {
    throw new AppError('forbidden', 'fieldNotEditable');
  }
  await assertPublicNameFree(tx, input.locationPublicName, locationId);
  if (changed.description) {
    const named = { siteId: current.siteId, description: input.locationDescription, locationId };
    if ((await descriptionClashes(tx, [named])).length)
      throw conflict('locationDescriptionTaken', 'locationDescription');
  }
  const [after] = await tx
    .update(locations)
    .set({
      description: input.locationDescription,
      accountNumber: input.billingAccountNumber,
      publicName: input.locationPublicName,
      ...(input.locationType !== undefined ? { locationTypeId: input.locationType } : {}),
      updatedAt: now,
    })
    .where(eq(locations.id, locationId))
    .returning();
  await audit(tx, req, {
    action: 'updateLocation',
    entityType: 'location',
    entityId: locationId,
    before: current,
    after,
  });
  await announce(tx, locationChanged(current.siteId, locationId, now));
}

async function assertPublicNameFree(q: Queryable, publicName: string, locationId: number) {
  const [clash] = await q
    .select({ id: locations.id })
    .from(locations)
    .where(and(sql`upper(${locations.publicName}) = upper(${publicName})`, sql`${locations.id} <> ${locationId}`));
  if (clash) throw conflict('publicNameTaken', 'locationPublicName');
}

/** Deletes (hides) or reactivates a location; a checked-in location cannot be deleted. */
export async function toggleDeleted(deps: Deps, req: FastifyRequest, locationId: number): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const [current] = await tx.select().from(locations).where(eq(locations.id, locationId)).for('update');
    if (!current!.deleted && current!.isCheckedIn) throw conflict('checkOutFirst');
    const deleted = !current!.deleted;
    await tx.update(locations).set({ deleted, updatedAt: deps.now() }).where(eq(locations.id, locationId));
    await audit(tx, req, {
      action: deleted ? 'deleteLocation' : 'reactivateLocation',
      entityType: 'location',
      entityId: locationId,
      before: { deleted: current!.deleted },
      after: { deleted },
    });
    await announce(tx, locationChanged(current!.siteId, locationId, deps.now()));
    return deleted;
  });
}

/**
 * Erases a location that never had a stay; its meters return to stock. A location with
 * transaction records answers 417 and stays (it can only be hidden).
 */
export async function eraseLocation(deps: Deps, req: FastifyRequest, locationId: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [current] = await tx.select().from(locations).where(eq(locations.id, locationId)).for('update');
    if (current!.isCheckedIn) throw conflict('checkOutFirst');
    const [stay] = await tx.select({ id: stays.id }).from(stays).where(eq(stays.locationId, locationId)).limit(1);
    if (stay) throw new AppError('hasTransactions', 'locationHasTransactions', { action: 'delete' });
    await tx
      .update(servicePoints)
      .set({ locationId: null, slot: null })
      .where(eq(servicePoints.locationId, locationId));
    await tx.delete(locations).where(eq(locations.id, locationId));
    await audit(tx, req, { action: 'eraseLocation', entityType: 'location', entityId: locationId, before: current });
    await announce(tx, siteChanged(current!.siteId, deps.now()));
  });
}

/** Moves locations to another property, all or none; a checked-in location stays where it is. */
export async function moveLocations(
  deps: Deps,
  req: FastifyRequest,
  moves: Array<{ LocationID: number; SiteId: number }>,
): Promise<void> {
  const queued = await deps.db.transaction(async (tx) => {
    const ids = moves.map((m) => m.LocationID);
    const current = await tx.select().from(locations).where(inArray(locations.id, ids)).for('update');
    const byId = new Map(current.map((l) => [l.id, l]));
    const [deletedTarget] = await tx
      .select({ id: sites.id })
      .from(sites)
      .where(
        and(
          inArray(
            sites.id,
            moves.map((m) => m.SiteId),
          ),
          sql`${sites.deletedAt} is not null`,
        ),
      );
    if (deletedTarget) throw invalid('propertiesFetchFailed', 'SiteId');
    for (const m of moves) {
      const loc = byId.get(m.LocationID)!;
      if (loc.isCheckedIn) throw conflict('moveCheckedIn');
      if (loc.siteId === m.SiteId) throw invalid('sameProperty', 'SiteId');
    }
    const [clash] = await descriptionClashes(
      tx,
      moves.map((m) => ({
        siteId: m.SiteId,
        description: byId.get(m.LocationID)!.description,
        locationId: m.LocationID,
      })),
    );
    if (clash) throw conflict('moveDescriptionTaken');
    for (const m of moves) {
      const loc = byId.get(m.LocationID)!;
      await tx.update(locations).set({ siteId: m.SiteId, updatedAt: deps.now() }).where(eq(locations.id, m.LocationID));
      await audit(tx, req, {
        action: 'moveLocation',
        entityType: 'location',
        entityId: m.LocationID,
        before: { siteId: loc.siteId },
        after: { siteId: m.SiteId },
      });
      await announce(tx, [...siteChanged(loc.siteId, deps.now()), ...siteChanged(m.SiteId, deps.now())]);
    }
    // A moved location arrives vacant and switched off, whatever was asked of it before.
    const meters = await tx
      .select({ id: servicePoints.id })
      .from(servicePoints)
      .where(inArray(servicePoints.locationId, ids));
    const off = meters.map((m) => ({ servicePointId: m.id, requestedState: 0 as const }));
    return queueControls(tx, req, off, 'ifNeeded', deps.now());
  });
  await handOver(deps, req, queued);
}

export async function siteNameAndZone(q: Queryable, siteId: number): Promise<{ siteName: string; timeZone: string }> {
  const [site] = await q
    .select({ siteName: sites.publicName, timeZone: sites.timeZone })
    .from(sites)
    .where(eq(sites.id, siteId));
  return site!;
}
