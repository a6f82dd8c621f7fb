import type { BusEntity, BusEntityWithSites, IdValue } from '@portal/contract';
import type { Queryable } from '../../db/client';
import type { Deps } from '../../deps';
import { audit } from '../../access/audit';
import { conflict, forbidden, notFound } from '../../lib/errors';
import type { Principal } from '../../access/principal';
import { businessInScope, scopeOf } from '../../access/scope';
import { presentBusiness, presentBusinessWithSites } from './presenter';
import * as queries from './queries';
import type { Context, UserContext } from '../../access/actor';

const WHAT = 'business entity';

/**
 * A business whose properties the caller may manage: any for an Administrator (404 when
 * it does not exist), their own for a Site Owner; 403 for anyone else.
 */
export async function requireOwnedBusiness(q: Queryable, user: Principal, busEntityId: number): Promise<void> {
  const scope = scopeOf(user);
  if (scope.kind === 'all') {
    if (!(await queries.findBusiness(q, busEntityId))) throw notFound(WHAT);
    return;
  }
  if (!businessInScope(scope, busEntityId)) throw forbidden();
}

/** A business the caller sees: as above, and for a Site Manager the business of a property assigned to them. */
export async function requireVisibleBusiness(q: Queryable, user: Principal, busEntityId: number): Promise<void> {
  const scope = scopeOf(user);
  if (await queries.findVisibleBusiness(q, scope, busEntityId)) return;
  throw scope.kind === 'all' ? notFound(WHAT) : forbidden();
}

/** id/value of the businesses in the caller's scope whose name contains the keyword (all without one). */
export function lookup(ctx: UserContext, keyword = ''): Promise<IdValue[]> {
  const { user } = ctx.actor;
  return queries.businessLookup(ctx.db, scopeOf(user), keyword);
}

export async function withSites(deps: Deps, keyword: string): Promise<BusEntityWithSites[]> {
  return (await queries.businessesWithSites(deps.db, keyword)).map(presentBusinessWithSites);
}

export async function create(ctx: Context, legalName: string): Promise<BusEntity> {
  return ctx.db.transaction(async (tx) => {
    const created = (await queries.nameTaken(tx, legalName)) ? null : await queries.insertBusiness(tx, legalName);
    if (!created) throw conflict('businessNameTaken', 'legalName');
    await audit(tx, ctx.actor, {
      action: 'createBusEntity',
      entityType: 'businessEntity',
      entityId: created.id,
      after: created,
    });
    return presentBusiness(created);
  });
}

export async function rename(ctx: Context, busEntityId: number, legalName: string): Promise<BusEntity> {
  return ctx.db.transaction(async (tx) => {
    const before = await queries.findBusiness(tx, busEntityId);
    if (!before) throw notFound(WHAT);
    if (await queries.nameTaken(tx, legalName, busEntityId)) throw conflict('businessNameTaken', 'legalName');
    const after = await queries.renameBusiness(tx, busEntityId, legalName);
    await audit(tx, ctx.actor, {
      action: 'renameBusEntity',
      entityType: 'businessEntity',
      entityId: busEntityId,
      before,
      after,
    });
    return presentBusiness(after);
  });
}
