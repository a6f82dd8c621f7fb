import { and, eq, sql } from 'drizzle-orm';
import {
  ActiveInd,
  DeviceGroup,
  maskGuestPhone,
  nextSlot,
  slotAtOrAfter,
  TIME_STEP_MINUTES,
  type CheckInRequest,
  type CheckOutInput,
  type StayReading,
  type CurrentStay,
  type StayHistoryRow,
  type GuestInput,
  type UpdateCapabilitiesRequest,
} from '@portal/contract';
import type { Queryable, Tx } from '../../db/client';
import { guests, locations, servicePoints, stays } from '../../db/schema';
import { announce, locationChanged } from '../../hub/events';
import { queueStayEvents } from './webhook-events';
import { audit } from '../../access/audit';
import { conflict, forbidden, invalid } from '../../lib/errors';
import { guestsInScope, requireGuest, scopeOf, type LocationRef, type SiteRef } from '../../access/scope';
import { freezeStatements, statementTotals, refreshStayFigures } from '../billing';
import { awaitConfirmation, commandsFor, handOver, isDisconnect, queueControls, type Queued } from '../devices';
import { editLocation } from '../locations';
import { recordStayReadings } from '../meters';
import {
  addStayMeters,
  currentStay,
  openStayMeters,
  openStay,
  relaysOfLocation,
  searchGuests,
  selectStayHistory,
  type RelayRow,
} from './queries';
import { personOf, type Actor, type Context, type UserContext } from '../../access/actor';

export type Outcome = { stayId: number | null; messageIds: number[]; confirmed: boolean };

const SOLO_GROUPS: readonly number[] = [DeviceGroup.Cube, DeviceGroup.DataCollector];

/** Hands the committed commands to the gateway and waits a few seconds for their answers. */
async function dispatch(ctx: Context, queued: Queued): Promise<{ messageIds: number[]; confirmed: boolean }> {
  const messageIds = (await handOver(ctx, queued)).filter((id) => id !== null);
  const confirmed = await awaitConfirmation(ctx, messageIds, ctx.config.devices.confirmWaitMs);
  return { messageIds, confirmed };
}

function wantedStates(
  input: { servicePointCapabilities: Array<{ servicePointCapabilityID: number; status: 0 | 1 }> },
  fallback: 0 | 1,
) {
  const byRow = new Map(input.servicePointCapabilities.map((c) => [c.servicePointCapabilityID, c.status]));
  return (r: RelayRow): 0 | 1 =>
    isDisconnect(r) && fallback === 1 ? 1 : (byRow.get(r.capability_row_id!) ?? (r.desired_state === 1 ? 1 : 0));
}

function checkAutoCheckout(at: Date, now: Date) {
  const onStep = at.getTime() % (TIME_STEP_MINUTES * 60_000) === 0;
  if (!onStep || at < nextSlot(now)) throw invalid('fieldNotValid', 'autoCheckoutDateTime');
}

/**
 * Refuses a picked guest the caller may not name for a stay at `site` (another business's, or
 * one they cannot see) like any foreign id: checked first, before anything about the location.
 */
async function requirePickedGuest(ctx: Context, site: SiteRef, guest: GuestInput | undefined) {
  if (!guest?.guestID) return;
  // only someone with a scope picks a guest; the server's own check-ins make theirs
  if (ctx.actor.kind !== 'user' && ctx.actor.kind !== 'key') throw forbidden();
  await requireGuest(ctx.db, ctx.actor.user, guest.guestID, site.busEntityId);
}

/** Stores the guest of a stay at `site`: a new guest of its business, or the picked one (checked by `requirePickedGuest`) as typed. */
async function saveGuest(tx: Tx, actor: Actor, site: SiteRef, guest: GuestInput | undefined): Promise<number | null> {
  if (!guest || guest.mobileNumber === '') return null;
  const values = {
    mobileNumber: guest.mobileNumber,
    firstName: guest.firstName,
    lastName: guest.lastName || null,
    email: guest.email || null,
  };
  if (guest.guestID) {
    await tx
      .update(guests)
      .set(values)
      .where(and(eq(guests.id, guest.guestID), eq(guests.busEntityId, site.busEntityId)));
    return guest.guestID;
  }
  const [created] = await tx
    .insert(guests)
    .values({ ...values, busEntityId: site.busEntityId, createdByUserAccountId: personOf(actor) })
    .returning({ id: guests.id });
  return created!.id;
}

/**
 * Checks a guest in: the stay with its opening readings and the guest are stored, then
 * the relays are switched. Not for a deleted location, one with a Cube or Data Collector,
 * or one with a meter out of service.
 */
export async function checkIn(
  ctx: Context,
  site: LocationRef,
  input: CheckInRequest,
  reservationId: number | null = null,
): Promise<Outcome> {
  await requirePickedGuest(ctx, site, input.guest);
  const now = ctx.now();
  const autoAt = new Date(input.autoCheckoutDateTime);
  checkAutoCheckout(autoAt, now);
  const { stayId, queued } = await ctx.db.transaction(async (tx) => {
    const [loc] = await tx.select().from(locations).where(eq(locations.id, input.locationID)).for('update');
    if (loc!.isCheckedIn) throw conflict('alreadyCheckedIn');
    const relays = await relaysOfLocation(tx, input.locationID);
    const blocked =
      loc!.deleted ||
      input.activeInd === ActiveInd.OutOfService ||
      relays.some((r) => SOLO_GROUPS.includes(r.group_id) || r.active_ind !== ActiveInd.Available);
    if (blocked) throw conflict('checkInNotAllowed');
    if (!relays.length) throw conflict('checkInNoMeter');
    const guestId = await saveGuest(tx, ctx.actor, site, input.guest);
    await recordStayReadings(tx, ctx.actor, loc!.id, input.readings, now);
    const [stay] = await tx
      .insert(stays)
      .values({
        locationId: loc!.id,
        siteId: site.siteId,
        guestId,
        checkinAt: now,
        autoCheckoutAt: autoAt,
        checkedInByUserId: personOf(ctx.actor),
        reservationId,
      })
      .returning({ id: stays.id });
    await addStayMeters(tx, stay!.id, [...new Set(relays.map((r) => r.service_point_id))], now);
    await tx
      .update(locations)
      .set({ isCheckedIn: true, autoCheckoutAt: autoAt, updatedAt: now })
      .where(eq(locations.id, loc!.id));
    await audit(tx, ctx.actor, {
      action: 'checkIn',
      entityType: 'location',
      entityId: loc!.id,
      after: { stayId: stay!.id, guestId, autoCheckoutAt: autoAt },
    });
    await announce(tx, locationChanged(site.siteId, loc!.id, now));
    await queueStayEvents(tx, 'stay.checked_in', sql`st.id = ${stay!.id}`, now);
    const queued = await queueControls(tx, ctx.actor, commandsFor(relays, wantedStates(input, 1)), 'ifNeeded', now);
    return { stayId: stay!.id, queued };
  });
  const sent = await dispatch(ctx, queued);
  return { stayId, ...sent };
}

/** Closes the open stay of a location inside `tx` (at the closing readings taken) and queues its relays' OFF. */
async function closeStay(
  tx: Tx,
  locationId: number,
  siteId: number,
  now: Date,
  actor: Actor,
  readings?: StayReading[],
) {
  const byUserId = personOf(actor);
  const [loc] = await tx.select().from(locations).where(eq(locations.id, locationId)).for('update');
  if (!loc!.isCheckedIn) throw conflict('notCheckedIn');
  await recordStayReadings(tx, actor, locationId, readings, now);
  const stay = await openStay(tx, locationId);
  if (stay) {
    await tx.update(stays).set({ checkoutAt: now, checkedOutByUserId: byUserId }).where(eq(stays.id, stay.id));
    await refreshStayFigures(tx, sql`st.id = ${stay.id}`);
    await freezeStatements(tx, sql`st.id = ${stay.id}`, now);
    await queueStayEvents(tx, 'stay.checked_out', sql`st.id = ${stay.id}`, now);
  }
  await tx
    .update(locations)
    .set({ isCheckedIn: false, autoCheckoutAt: null, updatedAt: now })
    .where(eq(locations.id, locationId));
  await audit(tx, actor, {
    action: actor.kind === 'job' ? 'autoCheckOut' : 'checkOut',
    entityType: 'location',
    entityId: locationId,
    after: { stayId: stay?.id ?? null },
  });
  await announce(tx, locationChanged(siteId, locationId, now));
  const off = commandsFor(await relaysOfLocation(tx, locationId), () => 0);
  return { stayId: stay?.id ?? null, queued: await queueControls(tx, actor, off, 'ifNeeded', now) };
}

/** Checks a guest out: the stay closes with its usage (at the readings taken, if any), then every relay is switched off. */
export async function checkOut(ctx: Context, site: LocationRef, input?: CheckOutInput | null): Promise<Outcome> {
  const { stayId, queued } = await ctx.db.transaction((tx) =>
    closeStay(tx, site.locationId, site.siteId, ctx.now(), ctx.actor, input?.readings),
  );
  return { stayId, ...(await dispatch(ctx, queued)) };
}

/**
 * Moves the automatic check-out of a location's open stay (a reservation's new departure):
 * the next 15-minute step at or after `at`, and never before the next one from now.
 */
export async function moveAutoCheckOut(ctx: Context, site: LocationRef, at: Date): Promise<void> {
  const onStep = slotAtOrAfter(at, ctx.now());
  await ctx.db.transaction(async (tx) => {
    const stay = await openStay(tx, site.locationId);
    if (!stay) throw conflict('notCheckedIn');
    await tx.update(locations).set({ autoCheckoutAt: onStep }).where(eq(locations.id, site.locationId));
    await tx.update(stays).set({ autoCheckoutAt: onStep }).where(eq(stays.id, stay.id));
    await audit(tx, ctx.actor, {
      action: 'moveAutoCheckOut',
      entityType: 'location',
      entityId: site.locationId,
      after: { stayId: stay.id, autoCheckoutAt: onStep },
    });
    await announce(tx, locationChanged(site.siteId, site.locationId, ctx.now()));
  });
}

/**
 * Checks out every location whose automatic check-out time has come. Each location is
 * taken under a row lock with SKIP LOCKED, so with several instances each runs once.
 */
export async function autoCheckOut(ctx: Context): Promise<number> {
  let done = 0;
  for (;;) {
    const closed = await ctx.db.transaction(async (tx) => {
      const [due] = await tx
        .select({ id: locations.id, siteId: locations.siteId })
        .from(locations)
        .where(and(eq(locations.isCheckedIn, true), sql`${locations.autoCheckoutAt} <= ${ctx.now()}`))
        .orderBy(locations.autoCheckoutAt)
        .limit(1)
        .for('update', { skipLocked: true });
      if (!due) return null;
      return closeStay(tx, due.id, due.siteId, ctx.now(), ctx.actor);
    });
    if (!closed) return done;
    done++;
    await handOver(ctx, closed.queued);
  }
}

/**
 * The Edit Location modal with services: location fields (with their role rules),
 * availability while no guest is in, the automatic check-out and guest of an open stay,
 * and the relays.
 */
export async function updateWithServices(
  ctx: UserContext,
  site: LocationRef,
  input: UpdateCapabilitiesRequest,
): Promise<Outcome> {
  const { user } = ctx.actor;
  await requirePickedGuest(ctx, site, input.guest);
  const now = ctx.now();
  const queued = await ctx.db.transaction(async (tx) => {
    if (input.locationDescription !== undefined && input.locationPublicName !== undefined) {
      await editLocation(tx, now, ctx.actor, user, input.locationID, {
        locationDescription: input.locationDescription,
        billingAccountNumber: input.billingAccountNumber ?? null,
        locationPublicName: input.locationPublicName,
        ...(input.locationType !== undefined ? { locationType: input.locationType ?? null } : {}),
      });
    }
    const [current] = await tx.select().from(locations).where(eq(locations.id, input.locationID)).for('update');
    if (input.activeInd !== undefined && !current!.isCheckedIn) {
      await tx
        .update(servicePoints)
        .set({ activeInd: input.activeInd })
        .where(eq(servicePoints.locationId, input.locationID));
    }
    if (current!.isCheckedIn) {
      const stay = await openStay(tx, input.locationID);
      if (input.autoCheckoutDateTime) {
        const at = new Date(input.autoCheckoutDateTime);
        checkAutoCheckout(at, now);
        await tx.update(locations).set({ autoCheckoutAt: at }).where(eq(locations.id, input.locationID));
        if (stay) await tx.update(stays).set({ autoCheckoutAt: at }).where(eq(stays.id, stay.id));
      }
      const guestId = await saveGuest(tx, ctx.actor, site, input.guest);
      if (stay && guestId) await tx.update(stays).set({ guestId }).where(eq(stays.id, stay.id));
    }
    await audit(tx, ctx.actor, {
      action: 'updateServices',
      entityType: 'location',
      entityId: input.locationID,
      after: input,
    });
    await announce(tx, locationChanged(site.siteId, input.locationID, now));
    const wanted =
      input.activeInd === ActiveInd.OutOfService ? () => 0 as const : wantedStates(input, current!.isCheckedIn ? 1 : 0);
    return queueControls(
      tx,
      ctx.actor,
      commandsFor(await relaysOfLocation(tx, input.locationID), wanted),
      'ifNeeded',
      now,
    );
  });
  return { stayId: null, ...(await dispatch(ctx, queued)) };
}

/** Sends again the wanted state to each relay of a location whose current command failed or timed out. */
export async function retryRelays(ctx: Context, locationId: number): Promise<Outcome> {
  const queued = await ctx.db.transaction(async (tx) => {
    const unanswered = (await relaysOfLocation(tx, locationId)).filter(
      (r) => r.command_state === 'failed' || r.command_state === 'timed_out',
    );
    const [loc] = await tx
      .update(locations)
      .set({ isRetryState: unanswered.length > 0 })
      .where(eq(locations.id, locationId))
      .returning({ siteId: locations.siteId });
    await announce(tx, locationChanged(loc!.siteId, locationId, ctx.now()));
    const wanted = commandsFor(unanswered, (r) => (r.desired_state === 1 ? 1 : 0));
    return queueControls(tx, ctx.actor, wanted, 'always', ctx.now());
  });
  return { stayId: null, ...(await dispatch(ctx, queued)) };
}

/** The open stay of a location: the guest the edit form shows and the usage check-out confirms. */
export async function currentStayOf(ctx: Context, locationId: number): Promise<CurrentStay> {
  const stay = await currentStay(ctx.db, locationId);
  if (!stay) return null;
  const checkinAt = new Date(stay.checkin_at);
  const meters = await openStayMeters(ctx.db, stay.id, checkinAt, ctx.now());
  const num = (v: string | null) => (v === null ? null : Number(v));
  return {
    stayID: stay.id,
    checkinDateTime: checkinAt.toISOString(),
    autoCheckoutDateTime: stay.auto_checkout_at === null ? null : new Date(stay.auto_checkout_at).toISOString(),
    guest:
      stay.guest_id === null
        ? null
        : {
            guestID: stay.guest_id,
            mobileNumber: stay.mobile_number ?? '',
            firstName: stay.first_name ?? '',
            lastName: stay.last_name,
            email: stay.email,
          },
    meters: meters.map((m) => ({
      servicePointID: m.service_point_id,
      servicePointName: m.name,
      unit: m.unit,
      openingReading: num(m.opening_reading),
      currentReading: num(m.current_reading),
      usage: Number(m.usage),
      readByHand: m.read_by_hand,
      silent: m.silent,
      estimate: num(m.estimate),
    })),
  };
}

/** The stays of a location, newest first, with the guest, the kWh used in each and its meters' events. */
export async function stayHistory(q: Queryable, locationId: number, now: Date): Promise<StayHistoryRow[]> {
  const found = await selectStayHistory(q, locationId);
  const totals = await statementTotals(q, found, now);
  return found.map((r) => ({
    stayID: r.id,
    checkinDateTime: new Date(r.checkin_at).toISOString(),
    checkoutDateTime: r.checkout_at === null ? null : new Date(r.checkout_at).toISOString(),
    guest:
      r.first_name === null
        ? null
        : { firstName: r.first_name, lastName: r.last_name, mobileNumber: r.mobile_number ?? '' },
    totalUsage: r.kwh === null ? null : Number(r.kwh),
    estimated: r.estimated,
    statementTotal: totals.get(r.id)!,
    meterEvents: r.meter_events.map((e) => ({
      readDateTime: new Date(e.at).toISOString(),
      servicePointName: e.meter,
      kind: e.kind,
      reading: Number(e.reading),
      previousReading: e.previous === null ? null : Number(e.previous),
    })),
  }));
}

export async function findGuests(ctx: UserContext, search: string) {
  const { user } = ctx.actor;
  const phone = maskGuestPhone(search);
  if (!phone) return [];
  return searchGuests(ctx.db, phone, guestsInScope(scopeOf(user)));
}
