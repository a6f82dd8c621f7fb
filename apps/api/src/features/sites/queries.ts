import { and, asc, eq, ne, notInArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import {
  countries,
  locations,
  partners,
  siteIntegrations,
  sites,
  siteSettings,
  states,
  timeZones,
} from '../../db/schema';

// ---------------------------------------------------------------- saving a property

export type SiteValues = Omit<
  typeof sites.$inferInsert,
  'id' | 'deletedAt' | 'createdAt' | 'updatedAt' | 'excludeFromMonitoring' | 'inCheckOutState'
>;
export type SettingValues = Pick<
  typeof siteSettings.$inferInsert,
  'weekStart' | 'billingRate' | 'waterBillingRate' | 'dayStart' | 'dayEnd' | 'active'
>;

/** A new property, created at `createdAt` (the moment its first tariff version takes effect). */
export async function insertSite(q: Queryable, values: SiteValues, createdAt: Date): Promise<number> {
  const [row] = await q
    .insert(sites)
    .values({ ...values, createdAt })
    .returning({ id: sites.id });
  return row!.id;
}

export async function updateSite(
  q: Queryable,
  siteId: number,
  values: Partial<typeof sites.$inferInsert>,
): Promise<void> {
  await q
    .update(sites)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(sites.id, siteId));
}

export async function upsertSettings(q: Queryable, siteId: number, values: SettingValues) {
  const [row] = await q
    .insert(siteSettings)
    .values({ siteId, ...values })
    .onConflictDoUpdate({ target: siteSettings.siteId, set: values })
    .returning();
  return row!;
}

export async function settingsOf(q: Queryable, siteId: number) {
  const [row] = await q.select().from(siteSettings).where(eq(siteSettings.siteId, siteId));
  return row ?? null;
}

/** Makes the property's integrations exactly these, keeping the rows of partners it keeps. */
export async function replaceIntegrations(
  q: Queryable,
  siteId: number,
  wanted: Array<{ partnerId: number; key: string }>,
) {
  const keep = wanted.map((w) => w.partnerId);
  await q
    .delete(siteIntegrations)
    .where(
      and(eq(siteIntegrations.siteId, siteId), keep.length ? notInArray(siteIntegrations.partnerId, keep) : undefined),
    );
  if (!wanted.length) return;
  await q
    .insert(siteIntegrations)
    .values(wanted.map((w) => ({ siteId, partnerId: w.partnerId, partnerPropertyKey: w.key })))
    .onConflictDoUpdate({
      target: [siteIntegrations.siteId, siteIntegrations.partnerId],
      set: { partnerPropertyKey: sql`excluded.partner_property_key` },
    });
}

export async function findSite(q: Queryable, siteId: number) {
  const [row] = await q.select().from(sites).where(eq(sites.id, siteId));
  return row ?? null;
}

/** The property, its settings and integrations as stored: the audit log's before and after. */
export async function snapshot(q: Queryable, siteId: number) {
  const site = await findSite(q, siteId);
  const integrations = await q
    .select({ partnerId: siteIntegrations.partnerId, key: siteIntegrations.partnerPropertyKey })
    .from(siteIntegrations)
    .where(eq(siteIntegrations.siteId, siteId))
    .orderBy(siteIntegrations.partnerId);
  return { site, settings: await settingsOf(q, siteId), integrations };
}

// ---------------------------------------------------------------- references a form names

export async function stateOf(q: Queryable, stateId: number) {
  const [row] = await q
    .select({ countryId: states.countryId, abbreviation: states.abbreviation })
    .from(states)
    .where(eq(states.id, stateId));
  return row ?? null;
}

export async function countryExists(q: Queryable, countryId: number): Promise<boolean> {
  const [row] = await q.select({ id: countries.id }).from(countries).where(eq(countries.id, countryId));
  return Boolean(row);
}

export async function timeZoneExists(q: Queryable, name: string): Promise<boolean> {
  const [row] = await q.select({ name: timeZones.name }).from(timeZones).where(eq(timeZones.name, name));
  return Boolean(row);
}

export function allPartners(q: Queryable) {
  return q.select({ id: partners.id, name: partners.name }).from(partners).orderBy(asc(partners.name));
}

export function integrationsOf(q: Queryable, siteId: number) {
  return q
    .select({ partnerId: partners.id, partnerName: partners.name, key: siteIntegrations.partnerPropertyKey })
    .from(siteIntegrations)
    .innerJoin(partners, eq(partners.id, siteIntegrations.partnerId))
    .where(eq(siteIntegrations.siteId, siteId))
    .orderBy(asc(partners.name));
}

/** Whether another property uses the key; an archived property keeps its key. */
export async function propertyKeyTaken(q: Queryable, key: string, exceptSiteId: number): Promise<boolean> {
  const [row] = await q
    .select({ id: sites.id })
    .from(sites)
    .where(and(eq(sites.propertyKey, key), ne(sites.id, exceptSiteId)));
  return Boolean(row);
}

/** Whether another live property already gives this partner the key (the partner could not tell them apart). */
export async function integrationKeyTaken(
  q: Queryable,
  partnerId: number,
  key: string,
  exceptSiteId: number,
): Promise<boolean> {
  const [row] = await q
    .select({ id: siteIntegrations.id })
    .from(siteIntegrations)
    .innerJoin(sites, eq(sites.id, siteIntegrations.siteId))
    .where(
      and(
        eq(siteIntegrations.partnerId, partnerId),
        sql`lower(${siteIntegrations.partnerPropertyKey}) = lower(${key})`,
        ne(siteIntegrations.siteId, exceptSiteId),
        sql`${sites.deletedAt} is null`,
      ),
    );
  return Boolean(row);
}

// ---------------------------------------------------------------- monitoring and archiving

export async function hasCheckedInLocation(q: Queryable, siteId: number): Promise<boolean> {
  const [row] = await q
    .select({ id: locations.id })
    .from(locations)
    .where(and(eq(locations.siteId, siteId), eq(locations.isCheckedIn, true)))
    .limit(1);
  return Boolean(row);
}
