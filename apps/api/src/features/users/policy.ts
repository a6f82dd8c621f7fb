import { Role, canManageUser, rolesAssignableBy } from '@portal/contract';
import type { Queryable } from '../../db/client';
import { AppError, forbidden, invalid, notFound } from '../../lib/errors';
import type { Principal } from '../../access/principal';
import { scopeOf } from '../../access/scope';
import { businessExists } from '../businesses';
import * as queries from './queries';

/**
 * Who manages which user account (access section 6), deny by default:
 * - an Administrator gives Site Owner or Site Manager, to a user of the business they
 *   pick; edits Site Owners and self-registered accounts (role 0, activated by giving them
 *   a role); views Site Managers and Administrators read-only ('View User');
 * - a Site Owner gives only Site Manager, within their own business and its properties,
 *   and edits only the Site Managers of their business;
 * - nobody edits their own account here, and nobody else manages users at all.
 */

const callerRef = (user: Principal) => ({
  userAccountID: user.userAccountId,
  roleID: user.roleId,
  busEntityID: user.busEntityId,
});

/**
 * The account named by an update, locked, when the caller may change it. An id outside
 * the caller's scope answers 403 (404 only to an Administrator), so ids reveal nothing.
 */
export async function requireManagedUser(q: Queryable, user: Principal, userAccountId: number) {
  const scope = scopeOf(user);
  const exists = await queries.lockUser(q, userAccountId);
  const target = exists ? await queries.findUser(q, scope, userAccountId) : null;
  if (!target) throw scope.kind === 'all' && !exists ? notFound('user') : forbidden();
  const ref = { userAccountID: target.id, roleID: target.roleId, busEntityID: target.busEntityId };
  if (!canManageUser(callerRef(user), ref)) throw forbidden();
  return target;
}

export type Assignment = { roleId: number; busEntityId: number; siteIds: number[] };

/**
 * Checks the role, business and properties a caller gives a user, and answers what to
 * store: the owner's own business for a Site Owner, no properties unless Site Manager.
 */
export async function checkAssignment(
  q: Queryable,
  user: Principal,
  wanted: { roleId: number; busEntityId: number | null; siteIds: number[] },
): Promise<Assignment> {
  if (!rolesAssignableBy(user.roleId).some((role) => role === wanted.roleId)) {
    throw new AppError('forbidden', 'roleNotAssignable');
  }
  const busEntityId = await businessFor(q, user, wanted.busEntityId);
  if (wanted.roleId !== Role.SiteManager) return { roleId: wanted.roleId, busEntityId, siteIds: [] };

  const businessOf = await queries.businessOfLiveSites(q, wanted.siteIds);
  if (wanted.siteIds.some((siteId) => businessOf.get(siteId) !== busEntityId)) {
    throw user.roleId === Role.Administrator
      ? invalid('siteNotInBusiness', 'siteIDs')
      : new AppError('forbidden', 'siteOutOfScope');
  }
  return { roleId: wanted.roleId, busEntityId, siteIds: wanted.siteIds };
}

/** An Administrator picks an existing business; a Site Owner's users belong to the owner's own. */
async function businessFor(q: Queryable, user: Principal, busEntityId: number | null): Promise<number> {
  if (user.roleId === Role.Administrator) {
    if (busEntityId === null || !(await businessExists(q, busEntityId))) {
      throw invalid('selectBusiness', 'busEntityID');
    }
    return busEntityId;
  }
  if (user.roleId !== Role.SiteOwner || user.busEntityId === null) throw forbidden();
  if (busEntityId !== null && busEntityId !== user.busEntityId) throw forbidden();
  return user.busEntityId;
}
