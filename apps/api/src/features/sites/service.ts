import { Role, type IdValue, type SaveSiteRequest, type SiteWithStats } from '@portal/contract';
import type { Queryable, Tx } from '../../db/client';
import { audit } from '../../access/audit';
import { conflict, forbidden, invalid, notFound } from '../../lib/errors';
import type { Principal } from '../../access/principal';
import { scopeOf } from '../../access/scope';
import { ratesFromSettings } from '../billing';
import { businessExists, requireOwnedBusiness, requireVisibleBusiness } from '../businesses';
import { resolveIntegrations } from './integrations';
import { canManageSites, requireLiveSite, requireManagedSite } from '../../access/site-policy';
import { presentSite } from './presenter';
import * as lists from './list-queries';
import * as queries from './queries';
import { settingValues } from './settings';
import type { UserContext } from '../../access/actor';

/** My Properties: every live property the caller sees, with its counts. */
/** My Properties: what the caller's scope holds. Naming another user is refused like any foreign id (an Administrator sees all either way). */
export async function listVisible(ctx: UserContext, userAccountId?: number): Promise<SiteWithStats[]> {
  const { user } = ctx.actor;
  const scope = scopeOf(user);
  if (userAccountId !== undefined && userAccountId !== user.userAccountId && scope.kind !== 'all') throw forbidden();
  return (await lists.listSitesWithStats(ctx.db, scope)).map(presentSite);
}

/** The properties of one business, for an Administrator or the business's Site Owner. */
export async function listOfBusiness(ctx: UserContext, busEntityId: number): Promise<SiteWithStats[]> {
  const { user } = ctx.actor;
  await requireOwnedBusiness(ctx.db, user, busEntityId);
  return (await lists.listSitesWithStats(ctx.db, scopeOf(user), lists.siteOfBusiness(busEntityId))).map(presentSite);
}

async function presentOne(q: Queryable, user: Principal, siteId: number): Promise<SiteWithStats> {
  const [row] = await lists.listSitesWithStats(q, scopeOf(user), lists.siteIs(siteId));
  if (!row) throw notFound('property');
  return presentSite(row);
}

/** id/value of the properties of a business that the caller sees. */
export async function lookupByBusiness(ctx: UserContext, busEntityId: number): Promise<IdValue[]> {
  const { user } = ctx.actor;
  await requireVisibleBusiness(ctx.db, user, busEntityId);
  return lists.siteLookup(ctx.db, scopeOf(user), lists.siteOfBusiness(busEntityId));
}

/**
 * The properties that may be assigned to a user: those of the user's business. A Site
 * Owner asks for themself (their own business); an Administrator for any user.
 */
export async function lookupAssignable(ctx: UserContext, userAccountId: number): Promise<IdValue[]> {
  const { user } = ctx.actor;
  if (user.roleId !== Role.Administrator && userAccountId !== user.userAccountId) throw forbidden();
  const account = await lists.businessOfUser(ctx.db, userAccountId);
  if (!account) throw notFound('user');
  if (account.busEntityId === null) return [];
  return lists.siteLookup(ctx.db, scopeOf(user), lists.siteOfBusiness(account.busEntityId));
}

/** Refuses names of records that do not exist or do not fit together; answers the state's abbreviation. */
async function checkReferences(tx: Tx, form: SaveSiteRequest): Promise<string> {
  if (!(await businessExists(tx, form.fk_BusEntityID))) throw invalid('selectBusiness', 'fk_BusEntityID');
  const physicalState = await queries.stateOf(tx, form.fk_PhysicalStateID);
  if (physicalState?.countryId !== form.fk_PhysicalCountryID) throw invalid('fieldNotValid', 'fk_PhysicalStateID');
  if (form.fk_BillingStateID !== null) {
    const billingState = await queries.stateOf(tx, form.fk_BillingStateID);
    if (billingState?.countryId !== form.fk_BillingCountryID) throw invalid('fieldNotValid', 'fk_BillingStateID');
  } else if (form.fk_BillingCountryID !== null && !(await queries.countryExists(tx, form.fk_BillingCountryID))) {
    throw invalid('fieldNotValid', 'fk_BillingCountryID');
  }
  if (!(await queries.timeZoneExists(tx, form.timeZone))) throw invalid('fieldNotValid', 'timeZone');
  if (form.propertyKey && (await queries.propertyKeyTaken(tx, form.propertyKey, form.siteID)))
    throw conflict('propertyKeyTaken', 'propertyKey');
  return physicalState.abbreviation;
}

function siteValues(form: SaveSiteRequest): queries.SiteValues {
  return {
    busEntityId: form.fk_BusEntityID,
    publicName: form.sitePublicName,
    billingName: form.siteBillingName,
    physicalAddrLine1: form.physicalAddrLine1,
    physicalAddrLine2: form.physicalAddrLine2,
    physicalCity: form.physicalCity,
    physicalZip: form.physicalZip,
    physicalStateId: form.fk_PhysicalStateID,
    physicalCountryId: form.fk_PhysicalCountryID,
    billingAddrLine1: form.billingAddrLine1,
    billingAddrLine2: form.billingAddrLine2,
    billingCity: form.billingCity,
    billingZip: form.billingZip,
    billingStateId: form.fk_BillingStateID,
    billingCountryId: form.fk_BillingCountryID,
    timeZone: form.timeZone,
    defaultCheckoutTime: form.defaultCheckoutTime,
    propertyKey: form.propertyKey,
  };
}

/**
 * Creates (siteID 0) or updates a property with its settings and integrations in one
 * transaction. A Site Owner works only inside their own business.
 */
export async function saveSite(ctx: UserContext, form: SaveSiteRequest): Promise<SiteWithStats> {
  const { user } = ctx.actor;
  if (!canManageSites(user)) throw forbidden();
  if (user.roleId === Role.SiteOwner && form.fk_BusEntityID !== user.busEntityId) throw forbidden();
  return ctx.db.transaction(async (tx) => {
    if (form.siteID) await requireManagedSite(tx, user, form.siteID);
    const stateAbbreviation = await checkReferences(tx, form);
    const before = form.siteID ? await queries.snapshot(tx, form.siteID) : null;
    // a new property's first tariff version takes effect the moment it is created
    const now = ctx.now();
    const siteId = form.siteID || (await queries.insertSite(tx, siteValues(form), now));
    if (form.siteID) await queries.updateSite(tx, siteId, siteValues(form));
    const settings = await queries.upsertSettings(tx, siteId, settingValues(form));
    await ratesFromSettings(tx, siteId, settings, user.userAccountId, now);
    await queries.replaceIntegrations(tx, siteId, await resolveIntegrations(tx, form.siteID, form, stateAbbreviation));
    await audit(tx, ctx.actor, {
      action: form.siteID ? 'updateSite' : 'createSite',
      entityType: 'site',
      entityId: siteId,
      before,
      after: await queries.snapshot(tx, siteId),
    });
    return presentOne(tx, user, siteId);
  });
}

/** Sets columns of a property and logs the change, what they held before and after. */
async function changeSite(
  tx: Tx,
  ctx: UserContext,
  siteId: number,
  action: string,
  change: { before: object; after: Parameters<typeof queries.updateSite>[2] },
): Promise<void> {
  await queries.updateSite(tx, siteId, change.after);
  await audit(tx, ctx.actor, { action, entityType: 'site', entityId: siteId, ...change });
}

export async function setMonitoring(ctx: UserContext, siteId: number, excludeFromMonitoring: boolean) {
  const { user } = ctx.actor;
  return ctx.db.transaction(async (tx) => {
    await requireLiveSite(tx, user, siteId);
    const before = (await queries.findSite(tx, siteId))!.excludeFromMonitoring;
    await changeSite(tx, ctx, siteId, 'updateSiteMonitoring', {
      before: { excludeFromMonitoring: before },
      after: { excludeFromMonitoring },
    });
    return { siteID: siteId, excludeFromMonitoring };
  });
}

/**
 * Deletes a property by archiving it: it leaves every list, its locations, stays and
 * readings stay for reports. Refused while a guest is checked in at one of its locations.
 */
export async function archive(ctx: UserContext, siteId: number): Promise<void> {
  const { user } = ctx.actor;
  await ctx.db.transaction(async (tx) => {
    await requireLiveSite(tx, user, siteId);
    if (await queries.hasCheckedInLocation(tx, siteId)) throw conflict('propertyHasCheckedIn');
    await changeSite(tx, ctx, siteId, 'deleteSite', { before: { deletedAt: null }, after: { deletedAt: ctx.now() } });
  });
}
