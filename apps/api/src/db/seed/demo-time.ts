/** Time helpers for the demo: 15-minute reading slots and wall-clock time in a site's zone. */

export const SLOT_MS = 15 * 60 * 1000;
export const DAY_MS = 24 * 60 * 60 * 1000;
export const DEMO_DAYS = 90;
export const SLOTS_PER_DAY = DAY_MS / SLOT_MS;

/**
 * The reading grid: slot k is at t0 + k * 15 min, k = 0..lastSlot; the last slot is the
 * most recent quarter hour at or before `now`.
 */
export type Grid = { t0: number; lastSlot: number; now: number };

export function gridFor(now: Date): Grid {
  const end = Math.floor(now.getTime() / SLOT_MS) * SLOT_MS;
  const lastSlot = DEMO_DAYS * SLOTS_PER_DAY;
  return { t0: end - lastSlot * SLOT_MS, lastSlot, now: now.getTime() };
}

export const slotOf = (grid: Grid, utcMs: number) => Math.floor((utcMs - grid.t0) / SLOT_MS);
export const timeOfSlot = (grid: Grid, slot: number) => new Date(grid.t0 + slot * SLOT_MS);

/** Whole days since the epoch of a wall-clock time. */
export const wallDay = (wallMs: number) => Math.floor(wallMs / DAY_MS);
