import {
  type ReservationCheckIn,
  type ReservationRow,
  type reservationCheckInRequest,
  type reservationsQuery,
  slotAtOrAfter,
  type upsertReservationRequest,
} from '@portal/contract';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Context, UserContext } from '../../access/actor';
import { audit } from '../../access/audit';
import type { LocationRef, SiteRef } from '../../access/scope';
import { rows, type Queryable } from '../../db/client';
import { AppError, conflict } from '../../lib/errors';
import { checkIn, checkOut, moveAutoCheckOut } from '../stays';
import { iso } from '../../lib/instants';

type UpsertInput = z.output<typeof upsertReservationRequest>;

type ReservationState = {
  id: number;
  site_id: number;
  bus_entity_id: number;
  location_id: number | null;
  location_deleted: boolean | null;
  arrival: Date | string;
  departure: Date | string;
  status: UpsertInput['status'];
  guest: UpsertInput['guest'];
  check_in: ReservationCheckIn;
  stay_id: number | null;
  stay_open: boolean;
  auto_checkout_at: Date | string | null;
};

/** Ten digits (or eleven with the country code 1) as the portal writes a guest's phone; otherwise none. */
function portalPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '').replace(/^1(\d{10})$/, '$1');
  return digits.length === 10 ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` : '';
}

/** What a PMS tells: stored by its id, then done as far as it can be (`settle`). */
export async function upsertReservation(ctx: UserContext, site: SiteRef, input: UpsertInput) {
  const now = ctx.now();
  const source = ctx.actor.kind === 'key' ? ctx.actor.user.apiKey.name : 'Staff';
  const id = await ctx.db.transaction(async (tx) => {
    const [location] = await rows<{ id: number }>(
      tx,
      sql`select id from locations
          where site_id = ${site.siteId} and not deleted
            and (lower(description) = lower(${input.locationDescription}) or account_number = ${input.locationDescription})
          order by (lower(description) = lower(${input.locationDescription})) desc, id limit 1`,
    );
    const [before] = await rows<{ id: number; checked_in: boolean }>(
      tx,
      sql`select r.id, exists (select 1 from stays st where st.reservation_id = r.id) as checked_in
          from reservations r where r.site_id = ${site.siteId} and r.external_id = ${input.externalID} for update`,
    );
    if (before?.checked_in && input.status === 'cancelled') throw conflict('reservationArrivedCannotCancel');
    const [saved] = await rows<{ id: number }>(
      tx,
      sql`insert into reservations (site_id, external_id, location_description, location_id, arrival, departure, guest,
            status, api_key_id, source, created_at, updated_at)
          values (${site.siteId}, ${input.externalID}, ${input.locationDescription}, ${location?.id ?? null},
            ${new Date(input.arrival)}, ${new Date(input.departure)}, ${JSON.stringify(input.guest)}::jsonb, ${input.status},
            ${ctx.actor.kind === 'key' ? ctx.actor.user.apiKey.id : null}, ${source}, ${now}, ${now})
          on conflict (site_id, external_id) do update set
            location_description = excluded.location_description, location_id = excluded.location_id,
            arrival = excluded.arrival, departure = excluded.departure, guest = excluded.guest, status = excluded.status,
            api_key_id = excluded.api_key_id, source = excluded.source, updated_at = excluded.updated_at
          returning id`,
    );
    await audit(tx, ctx.actor, {
      action: before ? 'reservationChanged' : 'reservationCreated',
      entityType: 'reservation',
      entityId: saved!.id,
      after: { externalId: input.externalID, status: input.status, arrival: input.arrival, departure: input.departure },
    });
    return saved!.id;
  });
  const { stayId, conflictCode } = await settle(ctx, id);
  if (conflictCode) throw new AppError('conflict', conflictCode);
  return { reservationID: id, stayID: stayId };
}

async function stateOf(q: Queryable, id: number): Promise<ReservationState> {
  const [r] = await rows<ReservationState>(
    q,
    sql`select r.id, r.site_id, s.bus_entity_id, r.location_id, l.deleted as location_deleted, r.arrival, r.departure,
          r.status, r.guest, s.reservation_check_in as check_in, st.id as stay_id,
          (st.id is not null and st.checkout_at is null) as stay_open, st.auto_checkout_at
        from reservations r
        join sites s on s.id = r.site_id
        left join locations l on l.id = r.location_id
        left join stays st on st.reservation_id = r.id
        where r.id = ${id}`,
  );
  return r!;
}

type Conflict = Extract<AppError['messageCode'], string>;

/**
 * Does what a reservation asks as far as the portal can, acting as whoever sent it (or the
 * job): checks in an arrived guest (or one whose arrival time came, where the property checks
 * in then), checks out a departed one, moves the automatic check-out to a new departure. What
 * stops it (an occupied, unavailable or meterless location, an unknown one) is kept on the
 * reservation as its conflict until a later try succeeds.
 */
async function settle(ctx: Context, id: number): Promise<{ stayId: number | null; conflictCode: Conflict | null }> {
  const r = await stateOf(ctx.db, id);
  const now = ctx.now();
  const departure = new Date(r.departure);
  const arrived =
    r.status === 'arrived' || (r.status === 'booked' && r.check_in === 'atArrivalTime' && new Date(r.arrival) <= now);
  const wantsIn = r.stay_id === null && arrived && departure > now;
  const wantsOut = r.stay_open && r.status === 'departed';
  const moved =
    r.stay_open &&
    r.status !== 'departed' &&
    new Date(r.auto_checkout_at!).getTime() !== slotAtOrAfter(departure, now).getTime();
  let code: Conflict | null = null;
  if (wantsIn || wantsOut || moved) {
    if (r.location_id === null || r.location_deleted) code = 'reservationUnknownLocation';
    else {
      const location: LocationRef = {
        siteId: r.site_id,
        busEntityId: r.bus_entity_id,
        deleted: false,
        locationId: r.location_id,
      };
      code = await attempt(async () => {
        if (wantsIn) {
          const phone = portalPhone(r.guest.phone);
          await checkIn(
            ctx,
            location,
            {
              locationID: r.location_id!,
              autoCheckoutDateTime: slotAtOrAfter(departure, now).toISOString(),
              // the services switch on as at the desk when no relay is chosen
              servicePointCapabilities: [],
              guest: phone
                ? {
                    mobileNumber: phone,
                    firstName: r.guest.firstName,
                    lastName: r.guest.lastName,
                    email: r.guest.email,
                  }
                : undefined,
            },
            r.id,
          );
        } else if (wantsOut) await checkOut(ctx, location);
        else await moveAutoCheckOut(ctx, location, departure);
      });
    }
  }
  const after = await stateOf(ctx.db, id);
  // another call for the same reservation may have checked it in meanwhile: then nothing stands in the way
  if (code === 'alreadyCheckedIn' && after.stay_id !== null) code = null;
  await ctx.db.execute(
    sql`update reservations set conflict = ${code} where id = ${id} and conflict is distinct from ${code}`,
  );
  return { stayId: after.stay_id, conflictCode: code };
}

/** Runs a step of the stays; a refusal of it (409, 400) becomes the reservation's conflict. */
async function attempt(step: () => Promise<void>): Promise<Conflict | null> {
  try {
    await step();
    return null;
  } catch (err) {
    if (err instanceof AppError && err.status < 500 && err.status !== 403) return err.messageCode;
    throw err;
  }
}

/**
 * The job: the reservations with something to do (a guest arrived or whose arrival time came,
 * one departed while checked in), a batch at a time, conflicts tried again.
 */
export async function settleReservations(ctx: Context): Promise<number> {
  const now = ctx.now();
  const due = await rows<{ id: number }>(
    ctx.db,
    sql`select r.id from reservations r
        join sites s on s.id = r.site_id and s.deleted_at is null
        left join stays st on st.reservation_id = r.id
        where (st.id is null and r.departure > ${now} and (r.status = 'arrived'
                 or (r.status = 'booked' and s.reservation_check_in = 'atArrivalTime' and r.arrival <= ${now})))
           or (st.id is not null and st.checkout_at is null and r.status = 'departed')
        order by r.arrival limit 50`,
  );
  for (const r of due) await settle(ctx, r.id);
  return due.length;
}

type ListRow = {
  id: number;
  external_id: string;
  location_description: string;
  location_id: number | null;
  arrival: Date | string;
  departure: Date | string;
  guest: UpsertInput['guest'];
  status: ReservationRow['status'];
  stay_id: number | null;
  stay_open: boolean;
  source: string;
  conflict: string | null;
  updated_at: Date | string;
};

/** The property's reservations overlapping the period (from now on by default), by arrival; 500 at most. */
export async function listReservations(
  ctx: UserContext,
  site: SiteRef,
  q: z.output<typeof reservationsQuery>,
): Promise<ReservationRow[]> {
  const from = q.from ? new Date(q.from) : ctx.now();
  const found = await rows<ListRow>(
    ctx.db,
    sql`select r.id, r.external_id, r.location_description, r.location_id, r.arrival, r.departure, r.guest, r.status,
          st.id as stay_id, (st.id is not null and st.checkout_at is null) as stay_open, r.source, r.conflict, r.updated_at
        from reservations r left join stays st on st.reservation_id = r.id
        where r.site_id = ${site.siteId} and r.departure > ${from}
          ${q.to ? sql`and r.arrival < ${new Date(q.to)}` : sql``}
        order by r.arrival, r.id limit 500`,
  );
  return found.map((r) => ({
    reservationID: r.id,
    externalID: r.external_id,
    locationDescription: r.location_description,
    locationID: r.location_id,
    arrival: iso(r.arrival),
    departure: iso(r.departure),
    guestName: [r.guest.firstName, r.guest.lastName].filter(Boolean).join(' '),
    status: r.status,
    stayID: r.stay_id,
    stayOpen: r.stay_open,
    source: r.source,
    conflict: r.conflict,
    updatedAt: iso(r.updated_at),
  }));
}

export async function reservationSettingsOf(ctx: UserContext, site: SiteRef) {
  const [s] = await rows<{ check_in: ReservationCheckIn }>(
    ctx.db,
    sql`select reservation_check_in as check_in from sites where id = ${site.siteId}`,
  );
  return { siteID: site.siteId, checkIn: s!.check_in };
}

export async function saveReservationSettings(
  ctx: UserContext,
  site: SiteRef,
  input: z.output<typeof reservationCheckInRequest>,
) {
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`update sites set reservation_check_in = ${input.checkIn} where id = ${site.siteId}`);
    await audit(tx, ctx.actor, {
      action: 'reservationSettings',
      entityType: 'site',
      entityId: site.siteId,
      after: { checkIn: input.checkIn },
    });
  });
  return { siteID: site.siteId, checkIn: input.checkIn };
}
