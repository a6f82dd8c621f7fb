import type { Tx } from '../client';
import { businessEntities, siteSettings, sites, tariffVersions } from '../schema';

export type SiteKind = 'rv' | 'campground' | 'marina';

export type DemoSite = {
  business: number;
  publicName: string;
  /** Prefix of the locations' public names, unique across the demo. */
  code: string;
  kind: SiteKind;
  city: string;
  zip: string;
  stateId: number;
  countryId: number;
  timeZone: string;
  locations: number;
  managerAssigned?: boolean;
};

const businesses = ['Lakeside Leisure Group', 'Harbor & Dock Holdings', 'Northern Trails Parks Ltd.'];

export const demoSites: DemoSite[] = [
  {
    business: 0,
    publicName: 'Pine Lake RV Resort',
    code: 'PLR',
    kind: 'rv',
    city: 'Flagstaff',
    zip: '86001',
    stateId: 3,
    countryId: 236,
    timeZone: 'America/Phoenix',
    locations: 120,
    managerAssigned: true,
  },
  {
    business: 0,
    publicName: 'Canyon View Campground',
    code: 'CVC',
    kind: 'campground',
    city: 'Moab',
    zip: '84532',
    stateId: 45,
    countryId: 236,
    timeZone: 'America/Denver',
    locations: 60,
    managerAssigned: true,
  },
  {
    business: 0,
    publicName: 'Gulf Breeze RV Park',
    code: 'GBR',
    kind: 'rv',
    city: 'Pensacola',
    zip: '32507',
    stateId: 10,
    countryId: 236,
    timeZone: 'America/Chicago',
    locations: 40,
  },
  {
    business: 1,
    publicName: 'Bayfront Marina',
    code: 'BFM',
    kind: 'marina',
    city: 'Annapolis',
    zip: '21401',
    stateId: 21,
    countryId: 236,
    timeZone: 'America/New_York',
    locations: 200,
  },
  {
    business: 1,
    publicName: 'Sound Harbor Marina',
    code: 'SHM',
    kind: 'marina',
    city: 'Seattle',
    zip: '98101',
    stateId: 48,
    countryId: 236,
    timeZone: 'America/Los_Angeles',
    locations: 80,
  },
  {
    business: 2,
    publicName: 'Muskoka Lakes Campground',
    code: 'MLC',
    kind: 'campground',
    city: 'Bracebridge',
    zip: 'P1L 1T7',
    stateId: 109,
    countryId: 40,
    timeZone: 'America/Toronto',
    locations: 20,
  },
];

/** Sites' default checkout time, a time of day in the site's own zone. */
export const DEMO_CHECKOUT_TIME = '11:00';

export async function insertBusinesses(tx: Tx): Promise<number[]> {
  const rows = await tx
    .insert(businessEntities)
    .values(businesses.map((legalName) => ({ legalName })))
    .returning({ id: businessEntities.id });
  return rows.map((r) => r.id);
}

/** Inserts the sites and their settings; the ids come back in `demoSites` order. */
export async function insertSites(tx: Tx, beIds: number[]): Promise<number[]> {
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
        defaultCheckoutTime: DEMO_CHECKOUT_TIME,
      })),
    )
    .returning({ id: sites.id });
  await tx.insert(siteSettings).values(
    rows.map((r, i) => ({
      siteId: r.id,
      billingRate: (0.12 + i * 0.01).toFixed(2),
      waterBillingRate: '0.01',
      weekStart: 1,
    })),
  );
  // the same rates as the tariff in effect since before the demo's history, with a fee and a tax
  await tx.insert(tariffVersions).values(
    rows.map((r, i) => ({
      siteId: r.id,
      effectiveFrom: new Date('2000-01-01T00:00:00Z'),
      electricRate: (0.12 + i * 0.01).toFixed(2),
      waterRate: '0.01',
      fees: [{ name: 'Pedestal service', amount: '1.50', per: 'stay' as const }],
      taxes: [{ name: 'Utility tax', percent: '5', appliesTo: 'utilities' as const }],
    })),
  );
  return rows.map((r) => r.id);
}
