import { fromWallClock, Role, toWallClock } from '@portal/contract';
import { eq, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../client';
import { guests, sites, stays, userAccounts, userAccountSites } from '../schema';
import { chunks, isMetered, LocationType, type Fleet } from './demo-fleet';
import { createRandom, type Random } from './demo-random';
import { DEMO_CHECKOUT_TIME, demoSites, type SiteKind } from './demo-sites';
import { DAY_MS, slotOf, timeOfSlot, wallDay, type Grid } from './demo-time';

type PlannedGuest = {
  /** Index into the demo businesses: a guest belongs to the business they stay with. */
  business: number;
  firstName: string;
  lastName: string;
  mobileNumber: string;
  email: string | null;
};

type PlannedStay = {
  /** Index into the planned locations. */
  location: number;
  /** Index into the planned guests. */
  guest: number;
  checkinSlot: number;
  /** Null while the guest is still checked in. */
  checkoutSlot: number | null;
  autoCheckoutAt: Date;
};

/** A run of reading slots (inclusive) of one location, occupied by a guest or vacant. */
export type Segment = { location: number; from: number; to: number; occupied: boolean };

export type StayPlan = {
  guests: PlannedGuest[];
  stays: PlannedStay[];
  segments: Segment[];
  /** Locations checked in now, with their auto checkout time. */
  openStays: Map<number, Date>;
};

const firstNames = [
  'James',
  'Mary',
  'Robert',
  'Patricia',
  'John',
  'Jennifer',
  'Michael',
  'Linda',
  'David',
  'Elizabeth',
  'William',
  'Barbara',
  'Richard',
  'Susan',
  'Joseph',
  'Jessica',
  'Thomas',
  'Sarah',
  'Charles',
  'Karen',
  'Daniel',
  'Lisa',
  'Matthew',
  'Nancy',
  'Anthony',
  'Betty',
  'Mark',
  'Sandra',
  'Donald',
  'Ashley',
  'Steven',
  'Emily',
  'Andrew',
  'Donna',
  'Paul',
  'Michelle',
  'Joshua',
  'Carol',
  'Kenneth',
  'Amanda',
  'Kevin',
  'Melissa',
  'Brian',
  'Deborah',
  'Gary',
  'Rebecca',
  'Tim',
  'Laura',
];
const lastNames = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Gonzalez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Perez',
  'Thompson',
  'White',
  'Harris',
  'Sanchez',
  'Clark',
  'Ramirez',
  'Lewis',
  'Robinson',
  'Walker',
  'Young',
  'Allen',
  'King',
  'Wright',
  'Scott',
  'Torres',
  'Nguyen',
  'Hill',
  'Flores',
  'Green',
  'Adams',
  'Nelson',
  'Baker',
  'Hall',
  'Rivera',
  'Campbell',
  'Tremblay',
];
const mailDomains = ['example.com', 'example.net', 'example.org'];

function nightsFor(rng: Random, kind: SiteKind, locationTypeId: number): number {
  if (locationTypeId === LocationType.Cabin) return rng.int(2, 5);
  if (locationTypeId === LocationType.EvBay) return 1;
  if (locationTypeId === LocationType.TrailerParking) return rng.int(3, 14);
  if (kind === 'marina') return rng.chance(0.2) ? rng.int(7, 28) : rng.int(1, 4);
  if (kind === 'rv') return rng.chance(0.05) ? rng.int(14, 28) : rng.pick([1, 2, 2, 3, 3, 3, 4, 5, 7]);
  return rng.pick([1, 1, 2, 2, 2, 3, 4]);
}

/** Whole days a location stays empty between guests. */
function gapFor(rng: Random, kind: SiteKind, locationTypeId: number): number {
  if (locationTypeId === LocationType.EvBay) return rng.int(2, 10);
  if (kind === 'marina') return rng.pick([1, 2, 3, 5, 8, 12, 16, 20, 25]);
  if (kind === 'rv') return rng.pick([0, 1, 2, 3, 4, 6, 8, 10, 12]);
  return rng.pick([0, 1, 2, 3, 4, 6, 9]);
}

/** Guests and a stay history for every location, and who is checked in now. */
export function planStays(grid: Grid, fleet: Fleet): StayPlan {
  const rng = createRandom(0x57a9_5eed);
  const plannedGuests: PlannedGuest[] = [];
  const usedMobiles = new Set<string>();
  const guestsOf = new Map<number, number[]>();
  const newGuest = (business: number): number => {
    const firstName = rng.pick(firstNames);
    const lastName = rng.pick(lastNames);
    let mobileNumber: string;
    do mobileNumber = `(555) ${rng.int(200, 989)}-${String(rng.int(0, 9999)).padStart(4, '0')}`;
    while (usedMobiles.has(mobileNumber));
    usedMobiles.add(mobileNumber);
    const email = rng.chance(0.6)
      ? `${firstName}.${lastName}${rng.chance(0.5) ? rng.int(1, 99) : ''}@${rng.pick(mailDomains)}`.toLowerCase()
      : null;
    plannedGuests.push({ business, firstName, lastName, mobileNumber, email });
    const index = plannedGuests.length - 1;
    if (!guestsOf.has(business)) guestsOf.set(business, []);
    guestsOf.get(business)!.push(index);
    return index;
  };
  const [checkoutHour, checkoutMinute] = DEMO_CHECKOUT_TIME.split(':').map(Number) as [number, number];
  const checkoutOffset = (checkoutHour * 60 + checkoutMinute) * 60_000;

  const plannedStays: PlannedStay[] = [];
  const segments: Segment[] = [];
  const openStays = new Map<number, Date>();
  fleet.locations.forEach((loc, location) => {
    const site = demoSites[loc.site]!;
    // Cubes and data collectors rule out check-in altogether.
    const canStay = !loc.deleted && !fleet.meters.some((m) => m.location === location && !isMetered(m.deviceTypeId));
    const own: PlannedStay[] = [];
    let day = wallDay(toWallClock(site.timeZone, grid.t0)) + rng.int(0, 4);
    let prevCheckout = 0;
    while (canStay) {
      const checkinWall = day * DAY_MS + (13 * 60 + 15 * rng.int(0, 27)) * 60_000;
      const naturalSlot = slotOf(grid, fromWallClock(site.timeZone, checkinWall));
      if (naturalSlot < 1) {
        day += 1;
        continue;
      }
      // Two hours to turn the location around after the previous guest.
      const checkinSlot = Math.max(naturalSlot, prevCheckout + 8);
      if (checkinSlot >= grid.lastSlot) break;
      const checkoutDay = day + nightsFor(rng, site.kind, loc.locationTypeId);
      const autoCheckoutAt = fromWallClock(site.timeZone, checkoutDay * DAY_MS + checkoutOffset);
      const early = rng.chance(0.35) ? 0 : rng.int(1, 16);
      const checkoutSlot = Math.max(slotOf(grid, autoCheckoutAt) - early, checkinSlot + 16);
      const regulars = guestsOf.get(site.business) ?? [];
      const guest = regulars.length > 50 && rng.chance(0.2) ? rng.pick(regulars) : newGuest(site.business);
      if (checkoutSlot > grid.lastSlot) {
        if (!loc.noCheckIn) {
          own.push({ location, guest, checkinSlot, checkoutSlot: null, autoCheckoutAt: new Date(autoCheckoutAt) });
          openStays.set(location, new Date(autoCheckoutAt));
        }
        break;
      }
      own.push({ location, guest, checkinSlot, checkoutSlot, autoCheckoutAt: new Date(autoCheckoutAt) });
      prevCheckout = checkoutSlot;
      day = checkoutDay + gapFor(rng, site.kind, loc.locationTypeId);
    }
    // The reading at slot k closes the quarter hour that started at k - 1.
    let cursor = 0;
    for (const s of own) {
      if (cursor <= s.checkinSlot) segments.push({ location, from: cursor, to: s.checkinSlot, occupied: false });
      const end = s.checkoutSlot ?? grid.lastSlot;
      segments.push({ location, from: s.checkinSlot + 1, to: end, occupied: true });
      cursor = end + 1;
    }
    if (cursor <= grid.lastSlot) segments.push({ location, from: cursor, to: grid.lastSlot, occupied: false });
    plannedStays.push(...own);
  });
  return { guests: plannedGuests, stays: plannedStays, segments, openStays };
}

/** Who works the desk at each site: its Site Managers and the owners of its business, else the administrators. */
async function deskStaff(tx: Tx): Promise<Map<number, { managers: number[]; owners: number[] }>> {
  const accounts = await tx
    .select({ id: userAccounts.id, roleId: userAccounts.roleId, busEntityId: userAccounts.busEntityId })
    .from(userAccounts)
    .orderBy(userAccounts.id);
  const assigned = await tx
    .select({ siteId: userAccountSites.siteId, userId: userAccountSites.userAccountId })
    .from(userAccountSites)
    .innerJoin(userAccounts, eq(userAccounts.id, userAccountSites.userAccountId))
    .where(eq(userAccounts.roleId, Role.SiteManager));
  const admins = accounts.filter((a) => a.roleId === Role.Administrator).map((a) => a.id);
  const staff = new Map<number, { managers: number[]; owners: number[] }>();
  for (const site of await tx.select({ id: sites.id, busEntityId: sites.busEntityId }).from(sites)) {
    const managers = assigned.filter((a) => a.siteId === site.id).map((a) => a.userId);
    const owners = accounts
      .filter((a) => a.roleId === Role.SiteOwner && a.busEntityId === site.busEntityId)
      .map((a) => a.id);
    staff.set(site.id, managers.length + owners.length > 0 ? { managers, owners } : { managers: [], owners: admins });
  }
  return staff;
}

export async function insertStays(
  tx: Tx,
  plan: StayPlan,
  grid: Grid,
  ids: { locationIds: number[]; locationSiteIds: number[]; businessIds: number[] },
): Promise<void> {
  const { locationIds, locationSiteIds } = ids;
  const guestIds: number[] = [];
  for (const chunk of chunks(plan.guests, 2000)) {
    const inserted = await tx
      .insert(guests)
      .values(chunk.map(({ business, ...g }) => ({ ...g, busEntityId: ids.businessIds[business]! })))
      .returning({ id: guests.id, mobileNumber: guests.mobileNumber });
    const byMobile = new Map(inserted.map((r) => [r.mobileNumber, r.id]));
    for (const g of chunk) guestIds.push(byMobile.get(g.mobileNumber)!);
  }
  const staff = await deskStaff(tx);
  // Its own sequence, so that who was at the desk leaves the rest of the demo as it was.
  const rng = createRandom(0x0de5_c0de);
  const atDesk = (siteId: number): number | null => {
    const { managers, owners } = staff.get(siteId)!;
    if (managers.length > 0 && (owners.length === 0 || rng.chance(0.85))) return rng.pick(managers);
    return owners.length > 0 ? rng.pick(owners) : null;
  };
  for (const chunk of chunks(plan.stays, 2000)) {
    await tx.insert(stays).values(
      chunk.map((s) => {
        const siteId = locationSiteIds[s.location]!;
        const checkoutAt = s.checkoutSlot === null ? null : timeOfSlot(grid, s.checkoutSlot);
        // A stay that ended at its automatic check-out time was checked out by the portal: no user.
        const automatic = checkoutAt !== null && checkoutAt.getTime() === s.autoCheckoutAt.getTime();
        return {
          locationId: locationIds[s.location]!,
          siteId,
          guestId: guestIds[s.guest]!,
          checkinAt: timeOfSlot(grid, s.checkinSlot),
          checkoutAt,
          autoCheckoutAt: s.autoCheckoutAt,
          checkedInByUserId: atDesk(siteId),
          checkedOutByUserId: checkoutAt === null || automatic ? null : atDesk(siteId),
        };
      }),
    );
  }
}

/**
 * Opening and closing readings of every stay from the readings (the latest before check-in
 * and before check-out: the span [check-in, check-out) that check-out and the reports use),
 * and the stay's total, the electric usage in kWh. The demo resets no meter during a stay, so
 * the usage is closing less opening.
 */
export async function insertStayMeters(tx: Queryable): Promise<void> {
  await tx.execute(sql`
    insert into stay_meters (stay_id, service_point_id, opening_reading, closing_reading, usage)
    select st.id, sp.id, o.total, c.total, c.total - o.total
    from stays st
    join service_points sp on sp.location_id = st.location_id
    join device_types dt on dt.id = sp.device_type_id and dt.group_id in (1, 2, 6)
    left join lateral (
      select r.total from meter_readings r
      where r.service_point_id = sp.id and r.read_at < st.checkin_at
      order by r.read_at desc limit 1
    ) o on true
    left join lateral (
      select r.total from meter_readings r
      where st.checkout_at is not null and r.service_point_id = sp.id and r.read_at < st.checkout_at
      order by r.read_at desc limit 1
    ) c on true
    order by st.id, sp.id`);
  await tx.execute(sql`
    update stays st set total_usage = x.usage
    from (
      select sm.stay_id, sum(sm.usage) as usage
      from stay_meters sm
      join service_points sp on sp.id = sm.service_point_id
      join device_types dt on dt.id = sp.device_type_id and dt.group_id in (1, 6)
      group by sm.stay_id
    ) x
    where x.stay_id = st.id and st.checkout_at is not null`);
}
