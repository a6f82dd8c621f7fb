import type { FastifyBaseLogger } from 'fastify';
import { count } from 'drizzle-orm';
import { Role } from '@portal/contract';
import { hashPassword } from '../../features/auth/passwords';
import type { Db, Tx } from '../client';
import { businessEntities, contacts, siteSettings, sites, userAccounts, userAccountSites } from '../schema';

export const demoAccounts = [
  { role: 'Administrator', roleId: Role.Administrator, email: 'admin@demo.local', password: 'Admin#2026', firstName: 'Ada', lastName: 'Admin' },
  { role: 'Site Owner', roleId: Role.SiteOwner, email: 'owner@demo.local', password: 'Owner#2026', firstName: 'Owen', lastName: 'Owner' },
  { role: 'Site Manager', roleId: Role.SiteManager, email: 'manager@demo.local', password: 'Manager#2026', firstName: 'Mia', lastName: 'Manager' },
] as const;

type DemoSite = {
  business: number;
  publicName: string;
  city: string;
  zip: string;
  stateId: number;
  countryId: number;
  timeZone: string;
  locations: number;
  managerAssigned?: boolean;
};

const businesses = ['Lakeside Leisure Group', 'Harbor & Dock Holdings', 'Northern Trails Parks Ltd.'];

const demoSites: DemoSite[] = [
  { business: 0, publicName: 'Pine Lake RV Resort', city: 'Flagstaff', zip: '86001', stateId: 3, countryId: 236, timeZone: 'America/Phoenix', locations: 120, managerAssigned: true },
  { business: 0, publicName: 'Canyon View Campground', city: 'Moab', zip: '84532', stateId: 45, countryId: 236, timeZone: 'America/Denver', locations: 60, managerAssigned: true },
  { business: 0, publicName: 'Gulf Breeze RV Park', city: 'Pensacola', zip: '32507', stateId: 10, countryId: 236, timeZone: 'America/Chicago', locations: 40 },
  { business: 1, publicName: 'Bayfront Marina', city: 'Annapolis', zip: '21401', stateId: 21, countryId: 236, timeZone: 'America/New_York', locations: 200 },
  { business: 1, publicName: 'Sound Harbor Marina', city: 'Seattle', zip: '98101', stateId: 48, countryId: 236, timeZone: 'America/Los_Angeles', locations: 80 },
  { business: 2, publicName: 'Muskoka Lakes Campground', city: 'Bracebridge', zip: 'P1L 1T7', stateId: 109, countryId: 40, timeZone: 'America/Toronto', locations: 20 },
];

/** The demo data set, written once: a database that already has a site is left alone. */
export async function seedDemo(db: Db, log: FastifyBaseLogger): Promise<void> {
  const [existing] = await db.select({ n: count() }).from(sites);
  if (Number(existing?.n) > 0) return;
  const started = Date.now();
  const hashes = await Promise.all(demoAccounts.map((a) => hashPassword(a.password)));
  await db.transaction(async (tx) => {
    const beIds = await insertBusinesses(tx);
    const siteIds = await insertSites(tx, beIds);
    await insertUsers(tx, beIds[0]!, siteIds.filter((_, i) => demoSites[i]!.managerAssigned), hashes);
  });
  log.info({ ms: Date.now() - started }, 'demo data seeded');
}

async function insertBusinesses(tx: Tx): Promise<number[]> {
  const rows = await tx
    .insert(businessEntities)
    .values(businesses.map((legalName) => ({ legalName })))
    .returning({ id: businessEntities.id });
  return rows.map((r) => r.id);
}

async function insertSites(tx: Tx, beIds: number[]): Promise<number[]> {
  const rows = await tx
    .insert(sites)
    .values(
      demoSites.map((s, i) => ({
        busEntityId: beIds[s.business]!,
        publicName: s.publicName,
        billingName: `${businesses[s.business]} - ${s.publicName}`,
        physicalAddrLine1: `${100 + i * 17} Main Street`,
        physicalCity: s.city,
        physicalZip: s.zip,
        physicalStateId: s.stateId,
        physicalCountryId: s.countryId,
        timeZone: s.timeZone,
        defaultCheckoutTime: '18:00',
      })),
    )
    .returning({ id: sites.id });
  await tx.insert(siteSettings).values(
    rows.map((r, i) => ({ siteId: r.id, billingRate: (0.12 + i * 0.01).toFixed(2), waterBillingRate: '0.01', weekStart: 1 })),
  );
  return rows.map((r) => r.id);
}

async function insertUsers(tx: Tx, ownerBusiness: number, managerSites: number[], hashes: string[]): Promise<void> {
  for (const [i, a] of demoAccounts.entries()) {
    const [contact] = await tx
      .insert(contacts)
      .values({ email: a.email, firstName: a.firstName, lastName: a.lastName, cellPhone: '(555) 010-000' + (i + 1) })
      .returning({ id: contacts.id });
    const [user] = await tx
      .insert(userAccounts)
      .values({
        contactId: contact!.id,
        email: a.email,
        passwordHash: hashes[i]!,
        roleId: a.roleId,
        busEntityId: a.roleId === Role.Administrator ? null : ownerBusiness,
      })
      .returning({ id: userAccounts.id });
    if (a.roleId === Role.SiteManager) {
      await tx.insert(userAccountSites).values(managerSites.map((siteId) => ({ userAccountId: user!.id, siteId })));
    }
  }
}
