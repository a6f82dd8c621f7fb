import { Role } from '@portal/contract';
import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import {
  apiKeys,
  businessEntities,
  guests,
  locations,
  reportSchedules,
  servicePoints,
  sites,
  stays,
  systemAlerts,
  webhookDeliveries,
  webhooks,
} from '../db/schema';
import { type AppError, forbidden, notFound } from '../lib/errors';
import type { Principal } from './principal';

/**
 * Which sites a caller may see: all of them (Administrator), those of their business
 * (Site Owner), or those assigned to them (Site Manager). Every query that reads sites,
 * locations or meters filters through here, so forgetting a tenant filter cannot compile.
 */
export type Scope =
  | { kind: 'all' }
  | { kind: 'business'; busEntityId: number }
  | { kind: 'sites'; siteIds: readonly number[] }
  | { kind: 'none' };

export function scopeOf(user: Principal): Scope {
  switch (user.roleId) {
    case Role.Administrator:
      return { kind: 'all' };
    case Role.SiteOwner:
      return user.busEntityId === null ? { kind: 'none' } : { kind: 'business', busEntityId: user.busEntityId };
    case Role.SiteManager:
      return { kind: 'sites', siteIds: user.assignedSiteIds };
    default:
      return { kind: 'none' };
  }
}

/** A condition on the `sites` table (live sites only) for the scope. */
export function sitesInScope(scope: Scope): SQL {
  const live = isNull(sites.deletedAt);
  switch (scope.kind) {
    case 'all':
      return live;
    case 'business':
      return and(live, eq(sites.busEntityId, scope.busEntityId))!;
    case 'sites':
      return scope.siteIds.length ? and(live, inArray(sites.id, [...scope.siteIds]))! : sql`false`;
    case 'none':
      return sql`false`;
  }
}

/**
 * A condition on an account `u` (user_accounts): it sees the live property `siteId` of business
 * `busEntityId`, as `scopeOf` decides for one caller (for the statements that look for every
 * account that sees a property, such as who is told of an alert).
 */
export const accountSeesSite = (siteId: SQL, busEntityId: SQL): SQL => sql`(
  u.role_id = ${Role.Administrator}
  or (u.role_id = ${Role.SiteOwner} and u.bus_entity_id = ${busEntityId})
  or (u.role_id = ${Role.SiteManager}
      and exists (select 1 from user_account_sites us where us.user_account_id = u.id and us.site_id = ${siteId})))`;

/**
 * A condition on the `guests` table: the guests of the caller's business (all for an
 * Administrator), or for a Site Manager those who stayed at one of their properties.
 */
export function guestsInScope(scope: Scope): SQL {
  switch (scope.kind) {
    case 'all':
      return sql`true`;
    case 'business':
      return eq(guests.busEntityId, scope.busEntityId);
    case 'sites':
      return sql`exists (select 1 from stays st join sites on sites.id = st.site_id
        where st.guest_id = ${guests.id} and ${sitesInScope(scope)})`;
    case 'none':
      return sql`false`;
  }
}

export function businessInScope(scope: Scope, busEntityId: number): boolean {
  return scope.kind === 'all' || (scope.kind === 'business' && scope.busEntityId === busEntityId);
}

/** A business the caller was checked against. */
export type BusinessRef = { busEntityId: number };

/** Businesses the caller's scope holds (an Administrator: every one that exists); refuses all if any is outside it. */
export async function requireBusinesses(q: Queryable, user: Principal, ids: number[]): Promise<BusinessRef[]> {
  const found = await q
    .select({ id: businessEntities.id })
    .from(businessEntities)
    .where(inArray(businessEntities.id, ids));
  const existing = new Set(found.map((b) => b.id));
  const scope = scopeOf(user);
  return ids.map((busEntityId) => {
    if (existing.has(busEntityId) && businessInScope(scope, busEntityId)) return { busEntityId };
    throw existing.has(busEntityId) ? forbidden() : unknownTo(user, 'business');
  });
}

export type ApiKeyRef = BusinessRef & { apiKeyId: number };

export type WebhookRef = SiteRef & { webhookId: number };

/** A property's webhook endpoints; refuses all if any is out of scope. */
export async function requireWebhooks(q: Queryable, user: Principal, ids: number[]): Promise<WebhookRef[]> {
  const found = await q
    .select({ ...siteRefColumns, webhookId: webhooks.id })
    .from(webhooks)
    .innerJoin(sites, eq(sites.id, webhooks.siteId))
    .where(inArray(webhooks.id, ids));
  const byId = new Map(found.map((r) => [r.webhookId, r]));
  return ids.map((webhookId) => ({ ...requireInScope(user, byId.get(webhookId), 'webhook'), webhookId }));
}

export type DeliveryRef = WebhookRef & { deliveryId: number };

/** Deliveries by their endpoint's property; refuses all if any is out of scope. */
export async function requireDeliveries(q: Queryable, user: Principal, ids: number[]): Promise<DeliveryRef[]> {
  const found = await q
    .select({ ...siteRefColumns, webhookId: webhooks.id, deliveryId: webhookDeliveries.id })
    .from(webhookDeliveries)
    .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId))
    .innerJoin(sites, eq(sites.id, webhooks.siteId))
    .where(inArray(webhookDeliveries.id, ids));
  const byId = new Map(found.map((r) => [r.deliveryId, r]));
  return ids.map((deliveryId) => {
    const row = byId.get(deliveryId);
    return { ...requireInScope(user, row, 'delivery'), webhookId: row!.webhookId, deliveryId };
  });
}

/** API keys by their business; refuses all if any is outside the caller's scope. */
export async function requireApiKeys(q: Queryable, user: Principal, ids: number[]): Promise<ApiKeyRef[]> {
  const found = await q
    .select({ apiKeyId: apiKeys.id, busEntityId: apiKeys.busEntityId })
    .from(apiKeys)
    .where(inArray(apiKeys.id, ids));
  const byId = new Map(found.map((k) => [k.apiKeyId, k]));
  const scope = scopeOf(user);
  return ids.map((apiKeyId) => {
    const key = byId.get(apiKeyId);
    if (key && businessInScope(scope, key.busEntityId)) return key;
    throw key ? forbidden() : unknownTo(user, 'API key');
  });
}

/** A site the caller was checked against; queries take it instead of a bare id. */
export type SiteRef = { siteId: number; busEntityId: number; deleted: boolean };

export function inScope(scope: Scope, site: SiteRef): boolean {
  if (site.deleted) return scope.kind === 'all';
  switch (scope.kind) {
    case 'all':
      return true;
    case 'business':
      return site.busEntityId === scope.busEntityId;
    case 'sites':
      return scope.siteIds.includes(site.siteId);
    case 'none':
      return false;
  }
}

/**
 * Resolves the site behind an id the caller named and refuses it when it is outside
 * their scope. A missing record is 404 for an Administrator; everyone else gets 403
 * either way, so guessing ids reveals nothing.
 */
function requireInScope(user: Principal, site: SiteRef | undefined, what: string): SiteRef {
  if (site && inScope(scopeOf(user), site)) return site;
  throw site ? forbidden() : unknownTo(user, what);
}

type MaybeSited = { siteId: number | null; busEntityId: number | null; deletedAt: Date | null };

/** A record that may belong to no property (a meter in stock, an alert of none): only an Administrator reaches one of none. */
function requireInScopeOrNone(user: Principal, row: MaybeSited | undefined, what: string): SiteRef | null {
  const all = scopeOf(user).kind === 'all';
  if (row && row.siteId === null && all) return null;
  const site =
    row && row.siteId !== null && row.busEntityId !== null
      ? { siteId: row.siteId, busEntityId: row.busEntityId, deleted: row.deletedAt !== null }
      : undefined;
  if (row && !site && !all) throw forbidden();
  return requireInScope(user, site, what);
}

/** What a caller is told of a record that does not exist: 404 for an Administrator, else 403 as for a foreign one. */
export function unknownTo(user: Principal, what: string): AppError {
  return scopeOf(user).kind === 'all' ? notFound(what) : forbidden();
}

const siteRefColumns = {
  siteId: sites.id,
  busEntityId: sites.busEntityId,
  deleted: sql<boolean>`${sites.deletedAt} is not null`,
};

export async function requireSite(q: Queryable, user: Principal, siteId: number): Promise<SiteRef> {
  return (await requireSites(q, user, [siteId]))[0]!;
}

/** `requireSite` for many properties in one query; refuses all if any is out of scope. */
export async function requireSites(q: Queryable, user: Principal, siteIds: number[]): Promise<SiteRef[]> {
  const found = await q.select(siteRefColumns).from(sites).where(inArray(sites.id, siteIds));
  const byId = new Map(found.map((s) => [s.siteId, s]));
  return siteIds.map((id) => requireInScope(user, byId.get(id), 'property'));
}

export type LocationRef = SiteRef & { locationId: number };

export async function requireLocation(q: Queryable, user: Principal, locationId: number): Promise<LocationRef> {
  return (await requireLocations(q, user, [locationId]))[0]!;
}

/** `requireLocation` for many locations in one query; refuses all if any is out of scope. */
export async function requireLocations(q: Queryable, user: Principal, locationIds: number[]): Promise<LocationRef[]> {
  const found = await q
    .select({ ...siteRefColumns, locationId: locations.id })
    .from(locations)
    .innerJoin(sites, eq(sites.id, locations.siteId))
    .where(inArray(locations.id, locationIds));
  const byId = new Map(found.map((r) => [r.locationId, r]));
  return locationIds.map((locationId) => ({
    ...requireInScope(user, byId.get(locationId), 'location'),
    locationId,
  }));
}

export type StayRef = SiteRef & { stayId: number; locationId: number };

/** Stays by the property they were made at (a moved location keeps its stays there); refuses all if any is out of scope. */
export async function requireStays(q: Queryable, user: Principal, stayIds: number[]): Promise<StayRef[]> {
  const found = await q
    .select({ ...siteRefColumns, stayId: stays.id, locationId: stays.locationId })
    .from(stays)
    .innerJoin(sites, eq(sites.id, stays.siteId))
    .where(inArray(stays.id, stayIds));
  const byId = new Map(found.map((r) => [r.stayId, r]));
  return stayIds.map((stayId) => {
    const row = byId.get(stayId);
    return { ...requireInScope(user, row, 'stay'), stayId, locationId: row!.locationId };
  });
}

export type AlertRef = { alertId: number; site: SiteRef | null };

/** Alerts by their property; an alert of no property only an Administrator reaches. Refuses all if any is out of scope. */
export async function requireAlerts(q: Queryable, user: Principal, alertIds: number[]): Promise<AlertRef[]> {
  const found = await q
    .select({ alertId: systemAlerts.id, siteId: sites.id, busEntityId: sites.busEntityId, deletedAt: sites.deletedAt })
    .from(systemAlerts)
    .leftJoin(sites, eq(sites.id, systemAlerts.siteId))
    .where(inArray(systemAlerts.id, alertIds));
  const byId = new Map(found.map((r) => [r.alertId, r]));
  return alertIds.map((alertId) => ({ alertId, site: requireInScopeOrNone(user, byId.get(alertId), 'alert') }));
}

export type ScheduleRef = SiteRef & { scheduleId: number };

/** Scheduled reports by their property; refuses all if any is out of scope. */
export async function requireSchedules(q: Queryable, user: Principal, scheduleIds: number[]): Promise<ScheduleRef[]> {
  const found = await q
    .select({ ...siteRefColumns, scheduleId: reportSchedules.id })
    .from(reportSchedules)
    .innerJoin(sites, eq(sites.id, reportSchedules.siteId))
    .where(inArray(reportSchedules.id, scheduleIds));
  const byId = new Map(found.map((r) => [r.scheduleId, r]));
  return scheduleIds.map((scheduleId) => ({ ...requireInScope(user, byId.get(scheduleId), 'schedule'), scheduleId }));
}

export type ServicePointRef = { servicePointId: number; locationId: number | null; site: SiteRef | null };

/** A meter in stock (on no location) belongs to no site: only an Administrator reaches it. */
export async function requireServicePoint(
  q: Queryable,
  user: Principal,
  servicePointId: number,
): Promise<ServicePointRef> {
  return (await requireServicePoints(q, user, [servicePointId]))[0]!;
}

/** `requireServicePoint` for many meters in one query; refuses all if any is out of scope. */
export async function requireServicePoints(
  q: Queryable,
  user: Principal,
  servicePointIds: number[],
): Promise<ServicePointRef[]> {
  const found = await q
    .select({
      id: servicePoints.id,
      locationId: servicePoints.locationId,
      siteId: sites.id,
      busEntityId: sites.busEntityId,
      deletedAt: sites.deletedAt,
    })
    .from(servicePoints)
    .leftJoin(locations, eq(locations.id, servicePoints.locationId))
    .leftJoin(sites, eq(sites.id, locations.siteId))
    .where(inArray(servicePoints.id, servicePointIds));
  const byId = new Map(found.map((r) => [r.id, r]));
  return servicePointIds.map((servicePointId) => {
    const row = byId.get(servicePointId);
    return { servicePointId, locationId: row?.locationId ?? null, site: requireInScopeOrNone(user, row, 'meter') };
  });
}

/**
 * A guest the caller named for a stay at a property of `busEntityId`: refused like any foreign
 * id when it is outside the caller's scope or belongs to another business.
 */
export async function requireGuest(q: Queryable, user: Principal, guestId: number, busEntityId: number): Promise<void> {
  const [guest] = await q
    .select({ id: guests.id })
    .from(guests)
    .where(and(eq(guests.id, guestId), eq(guests.busEntityId, busEntityId), guestsInScope(scopeOf(user))));
  if (!guest) throw unknownTo(user, 'guest');
}
