import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  Role,
  type BulkLocationEntry,
  type LocationRow,
  type LocationsPage,
  type UpdateLocationRequest,
} from '@portal/contract';
import { intArray, type Queryable, type Tx } from '../../db/client';
import { locations, servicePoints, sites, stays } from '../../db/schema';
import { announce, locationChanged, siteChanged } from '../../hub/events';
import { audit, auditAll } from '../../access/audit';
import { AppError, conflict, invalid } from '../../lib/errors';
import type { Principal } from '../../access/principal';
import type { SiteRef } from '../../access/scope';
import { handOver, queueControls } from '../devices';
import { metersOfLocations, metersOfSelection, setMonitoringIn } from '../meters';
import { descriptionClashes } from './descriptions';
import { presentLocation } from './presenter';
import { selectLocations, selectPage, selectSelected, type PageRequest, type Selection } from './queries';
import type { Actor, Context, UserContext } from '../../access/actor';

/** The locations table of one property, usage included: four queries for any number of rows. */
export async function listLocations(q: Queryable, site: SiteRef, now: Date): Promise<LocationRow[]> {
  const [rows, meters] = await Promise.all([
    selectLocations(q, sql`l.site_id = ${site.siteId}`),
    metersOfLocations(q, sql`l.site_id = ${site.siteId}`, now),
  ]);
  return rows.map((r) => presentLocation(r, meters.get(r.id) ?? []));
}

/** One page of the table (`selectPage`): only the page's rows are read with their meters and usage. */
export async function listPage(q: Queryable, site: SiteRef, now: Date, p: PageRequest): Promise<LocationsPage> {
  const { ids, ...page } = await selectPage(q, site.siteId, now, p);
  if (!ids.length) return { ...page, rows: [] };
  const onPage = sql`l.id = any(${intArray(ids)})`;
  const [found, meters] = await Promise.all([selectLocations(q, onPage), metersOfLocations(q, onPage, now)]);
  const byId = new Map(found.map((r) => [r.id, r]));
  // a row erased between the two statements is left out
  const rows = ids.flatMap((id) => {
    const r = byId.get(id);
    return r ? [presentLocation(r, meters.get(id) ?? [])] : [];
  });
  return { ...page, rows };
}

export async function getLocation(q: Queryable, locationId: number, now: Date): Promise<LocationRow> {
  const [rows, meters] = await Promise.all([
    selectLocations(q, sql`l.id = ${locationId}`),
    metersOfLocations(q, sql`l.id = ${locationId}`, now),
  ]);
  return presentLocation(rows[0]!, meters.get(locationId) ?? []);
}

/** Adds rows to properties in one transaction (the route's scope checked the properties). */
export async function createLocations(ctx: Context, entries: BulkLocationEntry[]): Promise<number[]> {
  return ctx.db.transaction(async (tx) => {
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
    await audit(tx, ctx.actor, {
      action: 'createLocations',
      entityType: 'location',
      entityId: ids.join(','),
      after: entries,
    });
    await announce(
      tx,
      [...new Set(entries.map((e) => e.fk_SiteID))].flatMap((siteId) => siteChanged(siteId, ctx.now())),
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
export async function updateLocation(ctx: UserContext, locationId: number, input: Editable): Promise<void> {
  const { user } = ctx.actor;
  await ctx.db.transaction((tx) => editLocation(tx, ctx.now(), ctx.actor, user, locationId, input));
}

/** `updateLocation` inside the caller's transaction (the caller checked the scope). */
export async function editLocation(
  tx: Tx,
  now: Date,
  actor: Actor,
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
  await audit(tx, actor, {
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
export async function toggleDeleted(ctx: Context, locationId: number): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(locations).where(eq(locations.id, locationId)).for('update');
    if (!current!.deleted && current!.isCheckedIn) throw conflict('checkOutFirst');
    const deleted = !current!.deleted;
    await tx.update(locations).set({ deleted, updatedAt: ctx.now() }).where(eq(locations.id, locationId));
    await audit(tx, ctx.actor, {
      action: deleted ? 'deleteLocation' : 'reactivateLocation',
      entityType: 'location',
      entityId: locationId,
      before: { deleted: current!.deleted },
      after: { deleted },
    });
    await announce(tx, locationChanged(current!.siteId, locationId, ctx.now()));
    return deleted;
  });
}

/**
 * Erases a location that never had a stay; its meters return to stock. A location with
 * transaction records answers 417 and stays (it can only be hidden).
 */
export async function eraseLocation(ctx: Context, locationId: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(locations).where(eq(locations.id, locationId)).for('update');
    if (current!.isCheckedIn) throw conflict('checkOutFirst');
    const [stay] = await tx.select({ id: stays.id }).from(stays).where(eq(stays.locationId, locationId)).limit(1);
    if (stay) throw new AppError('hasTransactions', 'locationHasTransactions', { action: 'delete' });
    await tx
      .update(servicePoints)
      .set({ locationId: null, slot: null })
      .where(eq(servicePoints.locationId, locationId));
    await tx.delete(locations).where(eq(locations.id, locationId));
    await audit(tx, ctx.actor, {
      action: 'eraseLocation',
      entityType: 'location',
      entityId: locationId,
      before: current,
    });
    await announce(tx, siteChanged(current!.siteId, ctx.now()));
  });
}

type Move = { LocationID: number; SiteId: number };

/** Moves locations to another property, all or none; a checked-in location stays where it is. */
export async function moveLocations(ctx: Context, moves: Move[]): Promise<void> {
  await moveChosen(ctx, async () => moves);
}

/**
 * Moves the locations a selection names (`selectSelected`) to another property, chosen and
 * moved in one transaction; none chosen is a mistake of the caller's.
 */
export async function moveSelection(ctx: Context, s: ResolvedSelection, siteId: number) {
  await moveChosen(ctx, async (tx) => {
    const ids = await selectSelected(tx, s.site.siteId, ctx.now(), s.selection);
    if (!ids.length) throw invalid('fieldNotValid', 'selection');
    return ids.map((LocationID) => ({ LocationID, SiteId: siteId }));
  });
}

async function moveChosen(ctx: Context, choose: (tx: Tx) => Promise<Move[]>): Promise<void> {
  const queued = await ctx.db.transaction(async (tx) => {
    const moves = await choose(tx);
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
    // one statement for any number of locations: a selection may move thousands
    const now = ctx.now();
    await tx.execute(sql`
      update locations l set site_id = m.site_id, updated_at = ${now}
      from json_to_recordset(${JSON.stringify(moves.map((m) => ({ id: m.LocationID, site_id: m.SiteId })))}::json)
        as m(id int, site_id int)
      where l.id = m.id`);
    await auditAll(
      tx,
      ctx.actor,
      moves.map((m) => ({
        action: 'moveLocation',
        entityType: 'location',
        entityId: m.LocationID,
        before: { siteId: byId.get(m.LocationID)!.siteId },
        after: { siteId: m.SiteId },
      })),
    );
    const touched = new Set(moves.flatMap((m) => [byId.get(m.LocationID)!.siteId, m.SiteId]));
    await announce(
      tx,
      [...touched].flatMap((siteId) => siteChanged(siteId, now)),
    );
    // A moved location arrives vacant and switched off, whatever was asked of it before.
    const meters = await tx
      .select({ id: servicePoints.id })
      .from(servicePoints)
      .where(inArray(servicePoints.locationId, ids));
    const off = meters.map((m) => ({ servicePointId: m.id, requestedState: 0 as const }));
    return queueControls(tx, ctx.actor, off, 'ifNeeded', ctx.now());
  });
  await handOver(ctx, queued);
}

/** A selection of the toolbar (its defaults applied), for the property its route checked. */
export type ResolvedSelection = { site: SiteRef; selection: Selection };

/**
 * Switches on or off the meters of the selection's type at the selected locations, chosen and
 * queued in one transaction, then handed to the gateway; answers a message id a meter (none
 * when no selected location has such a meter).
 */
export async function switchSelection(
  ctx: Context,
  s: ResolvedSelection,
  requestedState: 0 | 1,
): Promise<Array<number | null>> {
  const queued = await ctx.db.transaction(async (tx) => {
    const ids = await selectSelected(tx, s.site.siteId, ctx.now(), s.selection);
    const meters = await metersOfSelection(tx, ids, s.selection.type, { switchable: true });
    const commands = meters.map((m) => ({ servicePointId: m.servicePointId, requestedState }));
    return queueControls(tx, ctx.actor, commands, 'always', ctx.now());
  });
  return handOver(ctx, queued);
}

/** Includes or excludes from monitoring the meters of the selection's type at the selected locations. */
export async function monitorSelection(ctx: Context, s: ResolvedSelection, exclude: boolean) {
  await ctx.db.transaction(async (tx) => {
    const ids = await selectSelected(tx, s.site.siteId, ctx.now(), s.selection);
    const meters = await metersOfSelection(tx, ids, s.selection.type, { switchable: false });
    if (!meters.length) return;
    const changes = meters.map((m) => ({
      LocationId: m.locationId,
      ServicePointID: m.servicePointId,
      ExcludeFromMonitoring: exclude,
    }));
    await setMonitoringIn(tx, ctx.actor, changes, ctx.now());
  });
}

export async function siteNameAndZone(q: Queryable, siteId: number): Promise<{ siteName: string; timeZone: string }> {
  const [site] = await q
    .select({ siteName: sites.publicName, timeZone: sites.timeZone })
    .from(sites)
    .where(eq(sites.id, siteId));
  return site!;
}
