import { sql } from 'drizzle-orm';
import type { Tx } from '../client';
import { locations, servicePoints } from '../schema';
import { createRandom, type Random } from './demo-random';
import { demoSites, type DemoSite } from './demo-sites';

/** Device type ids from lookup-data. */
export const DeviceType = { Electric: 1, Cube: 2, DataCollector: 3, SmartElectric: 6, Water: 7 } as const;
export const LocationType = { RvSite: 1, BoatSlip: 2, Campsite: 3, EvBay: 4, TrailerParking: 5, Cabin: 6 } as const;

type PlannedLocation = {
  /** Index into demoSites. */
  site: number;
  description: string;
  publicName: string;
  accountNumber: string | null;
  locationTypeId: number;
  deleted: boolean;
  /** Check-in is impossible now: a cube or data collector, an out-of-service meter, or deleted. */
  noCheckIn: boolean;
};

type PlannedMeter = {
  name: string;
  deviceTypeId: number;
  /** Index into the planned locations; null for a meter in stock. */
  location: number | null;
  slot: 1 | 2 | null;
  activeInd: 0 | 1;
  excludeFromMonitoring: boolean;
  /** Set on missing meters: how many hours ago the meter last reported. */
  missingHours: number | null;
  /** A leaking water meter: the slot its leak starts at (it runs every quarter hour from there, the location vacant). */
  leakFrom: number | null;
};

export type Fleet = { locations: PlannedLocation[]; meters: PlannedMeter[] };

/** Meters that report cumulative readings (cubes and data collectors do not). */
export const isMetered = (deviceTypeId: number) =>
  deviceTypeId === DeviceType.Electric ||
  deviceTypeId === DeviceType.SmartElectric ||
  deviceTypeId === DeviceType.Water;

type LocationShape = { description: string; typeId: number; waterChance: number; smartChance: number };

/** Pedestal names and location types that fit the kind of property. */
function locationShapes(s: DemoSite): LocationShape[] {
  const out: LocationShape[] = [];
  const n = s.locations;
  if (s.kind === 'rv') {
    const cabins = Math.round(n * 0.08);
    const trailers = Math.round(n * 0.05);
    const evBays = n >= 100 ? 2 : 0;
    const sites = n - cabins - trailers - evBays;
    for (let i = 0; i < sites; i++) {
      const row = String.fromCharCode(65 + Math.floor(i / 20));
      out.push({
        description: `Site ${row}-${String((i % 20) + 1).padStart(2, '0')}`,
        typeId: LocationType.RvSite,
        waterChance: 0.6,
        smartChance: 0.3,
      });
    }
    for (let i = 1; i <= cabins; i++)
      out.push({ description: `Cabin ${i}`, typeId: LocationType.Cabin, waterChance: 0.85, smartChance: 0.5 });
    for (let i = 1; i <= trailers; i++)
      out.push({
        description: `Trailer Lot T-${i}`,
        typeId: LocationType.TrailerParking,
        waterChance: 0.1,
        smartChance: 0.2,
      });
    for (let i = 1; i <= evBays; i++)
      out.push({ description: `EV Bay ${i}`, typeId: LocationType.EvBay, waterChance: 0, smartChance: 1 });
  } else if (s.kind === 'campground') {
    const cabins = Math.max(2, Math.round(n * 0.15));
    const rvSites = Math.round(n * 0.2);
    const pads = n - cabins - rvSites;
    for (let i = 1; i <= pads; i++)
      out.push({ description: `Pad ${i}`, typeId: LocationType.Campsite, waterChance: 0.4, smartChance: 0.25 });
    for (let i = 1; i <= rvSites; i++)
      out.push({ description: `RV Site ${i}`, typeId: LocationType.RvSite, waterChance: 0.6, smartChance: 0.3 });
    for (let i = 1; i <= cabins; i++)
      out.push({ description: `Cabin ${i}`, typeId: LocationType.Cabin, waterChance: 0.85, smartChance: 0.5 });
  } else {
    const trailers = Math.round(n * 0.04);
    const evBays = Math.round(n * 0.02);
    const slips = n - trailers - evBays;
    for (let i = 1; i <= slips; i++)
      out.push({ description: `Slip ${i}`, typeId: LocationType.BoatSlip, waterChance: 0.45, smartChance: 0.45 });
    for (let i = 1; i <= trailers; i++)
      out.push({
        description: `Trailer Lot ${i}`,
        typeId: LocationType.TrailerParking,
        waterChance: 0,
        smartChance: 0.2,
      });
    for (let i = 1; i <= evBays; i++)
      out.push({ description: `EV Bay ${i}`, typeId: LocationType.EvBay, waterChance: 0, smartChance: 1 });
  }
  return out;
}

/** Serial numbers: a letter and six digits, increasing with small random gaps. */
function serials(rng: Random) {
  const next: Record<string, number> = { E: 100000, W: 200000, C: 300000, D: 400000 };
  return (letter: 'E' | 'W' | 'C' | 'D') => {
    next[letter]! += rng.int(1, 9);
    return `${letter}${next[letter]}`;
  };
}

const STOCK_METERS: Array<{ deviceTypeId: number; count: number }> = [
  { deviceTypeId: DeviceType.Electric, count: 16 },
  { deviceTypeId: DeviceType.SmartElectric, count: 10 },
  { deviceTypeId: DeviceType.Water, count: 14 },
];

/** Locations and meters of every demo site, deterministic. */
export function planFleet(): Fleet {
  const rng = createRandom(0x5eed_f1ee);
  const serial = serials(rng);
  const locs: PlannedLocation[] = [];
  const meters: PlannedMeter[] = [];
  let accountSeq = 40000;
  demoSites.forEach((site, siteIndex) => {
    locationShapes(site).forEach((shape, i) => {
      const loc = locs.length;
      const accountChance = site.kind === 'marina' ? 0.6 : 0.3;
      locs.push({
        site: siteIndex,
        description: shape.description,
        publicName: `${site.code}${String(i + 1).padStart(4, '0')}`,
        accountNumber: rng.chance(accountChance) ? `AC-${(accountSeq += rng.int(1, 40))}` : null,
        locationTypeId: shape.typeId,
        deleted: false,
        noCheckIn: false,
      });
      const meter = (deviceTypeId: number, slot: 1 | 2, letter: 'E' | 'W' | 'C' | 'D') =>
        meters.push({
          name: serial(letter),
          deviceTypeId,
          location: loc,
          slot,
          activeInd: 1,
          excludeFromMonitoring: false,
          missingHours: null,
          leakFrom: null,
        });
      if (shape.typeId !== LocationType.EvBay && rng.chance(0.025)) {
        const cube = rng.chance(0.6);
        meter(cube ? DeviceType.Cube : DeviceType.DataCollector, 1, cube ? 'C' : 'D');
        locs[loc]!.noCheckIn = true;
        return;
      }
      meter(rng.chance(shape.smartChance) ? DeviceType.SmartElectric : DeviceType.Electric, 1, 'E');
      if (rng.chance(shape.waterChance)) meter(DeviceType.Water, 2, 'W');
    });
  });
  // A retired slip: deleted locations keep their public name but lose their meters.
  const retired = locs.findLastIndex((l) => l.locationTypeId === LocationType.BoatSlip);
  locs[retired]!.deleted = true;
  locs[retired]!.noCheckIn = true;
  for (let i = meters.length - 1; i >= 0; i--) if (meters[i]!.location === retired) meters.splice(i, 1);

  const flagRng = createRandom(0xf1a9_5eed);
  const metered = meters.filter((m) => isMetered(m.deviceTypeId));
  for (const m of metered) {
    const r = flagRng.next();
    if (r < 0.011) m.missingHours = flagRng.int(3, 40);
    else if (r < 0.019) {
      m.activeInd = 0;
      locs[m.location!]!.noCheckIn = true;
    } else if (r < 0.04) m.excludeFromMonitoring = true;
  }

  for (const { deviceTypeId, count } of STOCK_METERS) {
    for (let i = 0; i < count; i++) {
      meters.push({
        name: serial(deviceTypeId === DeviceType.Water ? 'W' : 'E'),
        deviceTypeId,
        location: null,
        slot: null,
        activeInd: 1,
        excludeFromMonitoring: false,
        missingHours: null,
        leakFrom: null,
      });
    }
  }
  return { locations: locs, meters };
}

/**
 * Inserts locations (checked in per `checkedIn`: location index to auto checkout time),
 * meters and their capabilities. Returns the ids in plan order.
 */
export async function insertFleet(
  tx: Tx,
  fleet: Fleet,
  siteIds: number[],
  checkedIn: ReadonlyMap<number, Date>,
  now: Date,
): Promise<{ locationIds: number[]; meterIds: number[] }> {
  const locationIds: number[] = [];
  for (const chunk of chunks(fleet.locations, 1000)) {
    const start = locationIds.length;
    const inserted = await tx
      .insert(locations)
      .values(
        chunk.map((l, i) => ({
          siteId: siteIds[l.site]!,
          description: l.description,
          publicName: l.publicName,
          accountNumber: l.accountNumber,
          locationTypeId: l.locationTypeId,
          deleted: l.deleted,
          isCheckedIn: checkedIn.has(start + i),
          autoCheckoutAt: checkedIn.get(start + i) ?? null,
        })),
      )
      .returning({ id: locations.id, publicName: locations.publicName });
    const byName = new Map(inserted.map((r) => [r.publicName, r.id]));
    for (const l of chunk) locationIds.push(byName.get(l.publicName)!);
  }

  const meterIds: number[] = [];
  for (const chunk of chunks(fleet.meters, 1000)) {
    const inserted = await tx
      .insert(servicePoints)
      .values(
        chunk.map((m) => ({
          name: m.name,
          deviceKey: `dk-${m.name}`,
          deviceTypeId: m.deviceTypeId,
          locationId: m.location === null ? null : locationIds[m.location]!,
          slot: m.slot,
          activeInd: m.activeInd,
          excludeFromMonitoring: m.excludeFromMonitoring,
          isMissingDevice: m.missingHours !== null,
          // Hubs only report that they are alive; metered devices get it from their readings.
          lastSeenAt: m.location !== null && !isMetered(m.deviceTypeId) ? new Date(now.getTime() - 4 * 60_000) : null,
        })),
      )
      .returning({ id: servicePoints.id, name: servicePoints.name });
    const byName = new Map(inserted.map((r) => [r.name, r.id]));
    for (const m of chunk) meterIds.push(byName.get(m.name)!);
  }

  // Relays are on (and wanted on) while a guest is checked in; out-of-service meters are off.
  await tx.execute(sql`
    insert into service_point_capabilities (service_point_id, capability_id, status, desired_state)
    select sp.id, dtc.capability_id, s.state, s.state
    from service_points sp
    join device_type_capabilities dtc on dtc.device_type_id = sp.device_type_id
    left join locations l on l.id = sp.location_id
    cross join lateral (select case when l.is_checked_in and sp.active_ind = 1 then 1 else 0 end as state) s
    order by sp.id, dtc.capability_id
    on conflict do nothing`);
  return { locationIds, meterIds };
}

export function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
