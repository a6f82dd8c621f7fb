import { sql } from 'drizzle-orm';
import { Role } from '@portal/contract';
import { deviceControlMessages, guests, siteSettings, stayMeters, stays } from '../db/schema';
import { refreshStayFigures } from '../features/billing/stay-figures';
import { recordReadings } from '../features/meters/readings';
import { buildBusiness, buildLocation, buildMeter, buildSite, buildUser, signIn } from './factories';
import type { TestApp } from './harness';

const at = (iso: string) => new Date(iso);

/**
 * A small property in America/Denver across the end of daylight saving (2026-11-01 02:00
 * MDT → 01:00 MST) with a meter reset, rates 0.15 per kWh and 0.01 per gallon.
 *
 * Electric meter E of location A (local days: Oct 30 +0, Oct 31 +10, Nov 1 +30, Nov 2 +15, Nov 3 +5):
 *   Oct 31 05:00Z 1000 · Oct 31 12:00Z 1010 · Nov 1 07:30Z 1030 (01:30 MDT) · Nov 1 08:30Z 1035 (01:30 MST)
 *   · Nov 2 06:30Z 1040 (Nov 1 23:30 MST) · Nov 2 08:00Z reset to 10 · Nov 2 20:00Z 25 · Nov 3 07:30Z 30
 * Water meter W of A: Nov 1 12:00Z 500 · Nov 1 20:00Z 600 (Nov 1 +100 gal).
 * Location B: an electric meter that is missing, no readings.
 */
export async function reportFixture(t: TestApp) {
  const db = t.deps.db;
  const business = await buildBusiness(db);
  const other = await buildBusiness(db);
  const site = await buildSite(db, business.id, { publicName: 'Lakeside RV', timeZone: 'America/Denver' });
  const otherSite = await buildSite(db, other.id);
  await db.insert(siteSettings).values({ siteId: site.id, billingRate: '0.15', waterBillingRate: '0.01' });
  const n = Math.floor(Math.random() * 90000) + 10000;
  const a = await buildLocation(db, site.id, { description: `A-${n}`, publicName: `PLR${n}` });
  const b = await buildLocation(db, site.id, { description: `B-${n}` });
  const e = await buildMeter(db, { locationId: a.id, slot: 1, deviceTypeId: 1 });
  const w = await buildMeter(db, {
    locationId: a.id,
    slot: 2,
    deviceTypeId: 7,
    name: `W${String(n).padStart(6, '0')}`,
  });
  const missing = await buildMeter(db, {
    locationId: b.id,
    slot: 1,
    deviceTypeId: 1,
    isMissingDevice: true,
    lastSeenAt: at('2026-10-20T18:00:00Z'),
  });
  const r = (sp: number, iso: string, total: string, isReset = false) => ({
    servicePointId: sp,
    readAt: at(iso),
    total,
    isReset,
  });
  await recordReadings(db, [
    r(e.id, '2026-10-31T05:00:00Z', '1000'),
    r(e.id, '2026-10-31T12:00:00Z', '1010'),
    r(e.id, '2026-11-01T07:30:00Z', '1030'),
    r(e.id, '2026-11-01T08:30:00Z', '1035'),
    r(w.id, '2026-11-01T12:00:00Z', '500'),
    r(w.id, '2026-11-01T20:00:00Z', '600'),
    r(e.id, '2026-11-02T06:30:00Z', '1040'),
  ]);
  await recordReadings(db, [r(e.id, '2026-11-02T08:00:00Z', '10', true)]);
  await recordReadings(db, [r(e.id, '2026-11-02T20:00:00Z', '25'), r(e.id, '2026-11-03T07:30:00Z', '30')]);

  const [guest] = await db
    .insert(guests)
    .values({ busEntityId: business.id, mobileNumber: '(555) 123-4567', firstName: 'Gina', lastName: 'Guest' })
    .returning();
  const [stay] = await db
    .insert(stays)
    .values({
      locationId: a.id,
      siteId: site.id,
      guestId: guest!.id,
      checkinAt: at('2026-10-31T12:00:00Z'),
      checkoutAt: at('2026-11-02T20:00:00Z'),
    })
    .returning();
  await db.insert(stayMeters).values([
    { stayId: stay!.id, servicePointId: e.id, openingReading: '1010' },
    { stayId: stay!.id, servicePointId: w.id, openingReading: '500' },
  ]);
  await refreshStayFigures(db, sql`st.id = ${stay!.id}`);
  await db.insert(deviceControlMessages).values({
    servicePointId: e.id,
    requestedState: 1,
    state: 'acked',
    resultCode: 0,
    createdAt: at('2026-11-01T15:00:00Z'),
    responseReceivedAt: at('2026-11-01T15:00:05Z'),
  });

  const tokens = {
    admin: await signIn(t, await buildUser(db, { roleId: Role.Administrator })),
    owner: await signIn(t, await buildUser(db, { roleId: Role.SiteOwner, busEntityId: business.id })),
    manager: await signIn(
      t,
      await buildUser(db, { roleId: Role.SiteManager, busEntityId: business.id, siteIds: [site.id] }),
    ),
    otherOwner: await signIn(t, await buildUser(db, { roleId: Role.SiteOwner, busEntityId: other.id })),
    otherManager: await signIn(
      t,
      await buildUser(db, { roleId: Role.SiteManager, busEntityId: other.id, siteIds: [otherSite.id] }),
    ),
  };
  return { site, otherSite, a, b, e, w, missing, stay: stay!, tokens };
}
