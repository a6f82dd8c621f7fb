/**
 * Guests' stays on the bench fleet: back-to-back visits of one to seven days with a few days
 * between them, the latest still checked in at about half the locations.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../apps/api/src/db/client';
import { chunks } from '../apps/api/src/db/seed/demo-fleet';
import type { Random } from '../apps/api/src/db/seed/demo-random';
import { guests, stays } from '../apps/api/src/db/schema';
import type { BenchLocation } from './seed-fleet';

export const SLOT_MS = 15 * 60_000;
export const SLOTS_PER_DAY = 96;

/** Reading slot k is taken at t0 + k quarter hours; slots run 0 … count - 1. */
export type Grid = { t0: number; count: number };

/** A stay in slots: the guest is in from `from` (inclusive) to `to` (exclusive). */
export type BenchStay = { location: number; from: number; to: number; open: boolean };

export function planStays(locationCount: number, grid: Grid, rng: Random): BenchStay[] {
  const planned: BenchStay[] = [];
  for (let location = 0; location < locationCount; location++) {
    let slot = rng.int(0, 3 * SLOTS_PER_DAY);
    while (slot < grid.count) {
      const to = slot + rng.int(1, 7) * SLOTS_PER_DAY;
      if (to >= grid.count) {
        if (rng.chance(0.6)) planned.push({ location, from: slot, to, open: true });
        break;
      }
      planned.push({ location, from: slot, to, open: false });
      slot = to + rng.int(0, 3 * SLOTS_PER_DAY);
    }
  }
  return planned;
}

/** One guest a stay; open stays leave their location checked in with its relays on. */
export async function insertStays(db: Db, fleet: BenchLocation[], plan: BenchStay[], grid: Grid): Promise<void> {
  const at = (slot: number) => new Date(grid.t0 + slot * SLOT_MS);
  for (const [c, chunk] of chunks(plan, 2000).entries()) {
    const guestIds = await db
      .insert(guests)
      .values(
        chunk.map((s, i) => {
          const n = c * 2000 + i;
          return {
            busEntityId: fleet[s.location]!.busEntityId,
            firstName: `Guest${n}`,
            lastName: 'Bench',
            mobileNumber: `(555) ${String(200 + (n % 700)).padStart(3, '0')}-${String(n % 10_000).padStart(4, '0')}`,
          };
        }),
      )
      .returning({ id: guests.id });
    await db.insert(stays).values(
      chunk.map((s, i) => ({
        locationId: fleet[s.location]!.id,
        siteId: fleet[s.location]!.siteId,
        guestId: guestIds[i]!.id,
        checkinAt: at(s.from),
        checkoutAt: s.open ? null : at(s.to),
        autoCheckoutAt: at(s.to),
      })),
    );
  }
  await db.execute(sql`
    update locations l set is_checked_in = true, auto_checkout_at = st.auto_checkout_at
    from stays st where st.location_id = l.id and st.checkout_at is null`);
  await db.execute(sql`
    update service_point_capabilities c set status = 1
    from service_points sp join locations l on l.id = sp.location_id and l.is_checked_in
    where sp.id = c.service_point_id`);
}

/** Each location's stays as occupied slot ranges, in order. */
export function occupancyOf(locationCount: number, plan: BenchStay[]): Array<Array<[number, number]>> {
  const byLocation = Array.from({ length: locationCount }, () => [] as Array<[number, number]>);
  for (const s of plan) byLocation[s.location]!.push([s.from, s.to]);
  return byLocation;
}
