import { sql } from 'drizzle-orm';
import { deviceControlMessages, siteSettings, stayMeters, stays, tariffVersions } from '../../db/schema';
import { refreshStayFigures } from '../billing';
import { recordReadings } from '../meters';
import { buildBusiness, buildLocation, buildMeter, buildSite } from '../../test/factories';
import type { TestApp } from '../../test/harness';
import { micro, microText, MODEL_RATE, type ModelReading } from '../../test/usage-model';

export const IDENTITY_ZONE = 'America/Chicago';
/** Rates that round: 0.13 a kWh, 0.07 a gallon. */
const IDENTITY_RATES = { kWh: '0.13', gal: '0.07' } as const;

export type Unit = 'kWh' | 'gal';
export type IdentityLocation = { id: number; description: string };
type IdentityMeter = {
  id: number;
  name: string;
  unit: Unit;
  /** Its maximum rate, in micro-units an hour: its device type's. */
  rate: bigint;
  location: IdentityLocation;
  series: ModelReading[];
};
type IdentityStay = { location: IdentityLocation; checkin: number; checkout: number | null };
export type IdentitySite = {
  id: number;
  busEntityId: number;
  locations: IdentityLocation[];
  meters: IdentityMeter[];
  stays: IdentityStay[];
  /** Instants of the device control messages. */
  controls: number[];
  rate: Record<Unit, bigint>;
};

export type IdentitySpec = {
  locations: number;
  meters: Array<{ location: number; unit: Unit; series: ModelReading[] }>;
  stays?: Array<{ location: number; checkin: number; checkout: number | null }>;
  controls?: number[];
};

/**
 * A property in America/Chicago with the given locations, meters and readings (through the
 * ingestion path, so the daily roll-up is the one production keeps), stays on the locations'
 * meters and device control messages.
 */
export async function buildIdentitySite(t: TestApp, spec: IdentitySpec): Promise<IdentitySite> {
  const db = t.deps.db;
  const business = await buildBusiness(db);
  const site = await buildSite(db, business.id, { timeZone: IDENTITY_ZONE });
  await db
    .insert(siteSettings)
    .values({ siteId: site.id, billingRate: IDENTITY_RATES.kWh, waterBillingRate: IDENTITY_RATES.gal });
  await db.insert(tariffVersions).values({
    siteId: site.id,
    effectiveFrom: new Date('2000-01-01T00:00:00Z'),
    electricRate: IDENTITY_RATES.kWh,
    waterRate: IDENTITY_RATES.gal,
  });
  const locations: IdentityLocation[] = [];
  for (let i = 0; i < spec.locations; i++) {
    const l = await buildLocation(db, site.id);
    locations.push({ id: l.id, description: l.description });
  }
  const slots = new Map<number, number>();
  const meters: IdentityMeter[] = [];
  for (const m of spec.meters) {
    const location = locations[m.location]!;
    const slot = (slots.get(location.id) ?? 0) + 1;
    slots.set(location.id, slot);
    const row = await buildMeter(db, { locationId: location.id, slot, deviceTypeId: m.unit === 'kWh' ? 1 : 7 });
    meters.push({ id: row.id, name: row.name, unit: m.unit, rate: MODEL_RATE[m.unit], location, series: m.series });
  }
  await recordReadings(
    db,
    meters.flatMap((m) =>
      m.series.map((r) => ({
        servicePointId: m.id,
        readAt: new Date(r.at),
        total: microText(r.total),
        isReset: r.reset,
      })),
    ),
  );
  const siteStays: IdentityStay[] = [];
  for (const s of spec.stays ?? []) {
    const location = locations[s.location]!;
    const [stay] = await db
      .insert(stays)
      .values({
        locationId: location.id,
        siteId: site.id,
        checkinAt: new Date(s.checkin),
        checkoutAt: s.checkout === null ? null : new Date(s.checkout),
      })
      .returning();
    const own = meters.filter((m) => m.location === location);
    if (own.length) await db.insert(stayMeters).values(own.map((m) => ({ stayId: stay!.id, servicePointId: m.id })));
    // a closed stay keeps the figures check-out stored, as in production
    if (s.checkout !== null) await refreshStayFigures(db, sql`st.id = ${stay!.id}`);
    siteStays.push({ location, checkin: s.checkin, checkout: s.checkout });
  }
  const controls = spec.controls ?? [];
  if (controls.length && meters.length) {
    await db.insert(deviceControlMessages).values(
      controls.map((at) => ({
        servicePointId: meters[0]!.id,
        requestedState: 1,
        state: 'acked',
        createdAt: new Date(at),
      })),
    );
  }
  return {
    id: site.id,
    busEntityId: business.id,
    locations,
    meters,
    stays: siteStays,
    controls,
    rate: { kWh: micro(IDENTITY_RATES.kWh), gal: micro(IDENTITY_RATES.gal) },
  };
}
