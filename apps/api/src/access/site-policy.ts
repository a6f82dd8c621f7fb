import { managesProperties } from '@portal/contract';
import type { Queryable } from '../db/client';
import { forbidden, notFound } from '../lib/errors';
import type { Principal } from './principal';
import { requireSite } from './scope';

/**
 * Changing a property, its settings and integrations: an Administrator, or the Site
 * Owner of its business. A Site Manager does not see Manage Property (properties section 6).
 */
export function canManageSites(user: Principal): boolean {
  return managesProperties(user.roleId);
}

/** A live property in the caller's scope; an archived one is gone for everyone (404). */
export async function requireLiveSite(q: Queryable, user: Principal, siteId: number) {
  const site = await requireSite(q, user, siteId);
  if (site.deleted) throw notFound('property');
  return site;
}

/** A live property the caller may change: 403 for a Site Manager or out of scope. */
export async function requireManagedSite(q: Queryable, user: Principal, siteId: number) {
  if (!canManageSites(user)) throw forbidden();
  return requireLiveSite(q, user, siteId);
}
