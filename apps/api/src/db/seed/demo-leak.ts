import { DeviceType, type Fleet } from './demo-fleet';
import type { Segment } from './demo-stays';
import { SLOTS_PER_DAY } from './demo-time';

/** How long before the end of the demo's readings its leak starts: longer than the leak rule's 24 hours. */
const LEAK_SLOTS = 2 * SLOTS_PER_DAY;

/**
 * One water meter on a location vacant for the last days (longer than the leak) starts
 * leaking LEAK_SLOTS before the last reading and runs every quarter hour from then on.
 */
export function markLeak(fleet: Fleet, segments: Segment[], lastSlot: number): void {
  const leakFrom = lastSlot - LEAK_SLOTS;
  const vacantSince = new Map<number, number>();
  for (const s of segments) if (!s.occupied && s.to === lastSlot) vacantSince.set(s.location, s.from);
  const water = fleet.meters.filter((m) => m.location !== null && m.deviceTypeId === DeviceType.Water);
  const leak = water.find(
    (m, i) =>
      i > water.length / 2 &&
      m.activeInd === 1 &&
      !m.excludeFromMonitoring &&
      m.missingHours === null &&
      !fleet.locations[m.location!]!.deleted &&
      (vacantSince.get(m.location!) ?? lastSlot) < leakFrom - SLOTS_PER_DAY,
  );
  if (leak) leak.leakFrom = leakFrom;
}
