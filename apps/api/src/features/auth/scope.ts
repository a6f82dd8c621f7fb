import { Role } from '@portal/contract';
import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { sites } from '../../db/schema';
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

export function businessInScope(scope: Scope, busEntityId: number): boolean {
  return scope.kind === 'all' || (scope.kind === 'business' && scope.busEntityId === busEntityId);
}
