import type { FastifyRequest } from 'fastify';
import type { BusEntity, BusEntityWithSites, IdValue } from '@portal/contract';
import type { Queryable } from '../../db/client';
import type { Deps } from '../../deps';
import { audit } from '../../lib/audit';
import { conflict, forbidden, notFound } from '../../lib/errors';
import type { Principal } from '../auth/principal';
import { businessInScope, scopeOf } from '../auth/scope';
import { presentBusiness, presentBusinessWithSites } from './presenter';
import * as queries from './queries';

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
export function lookup(deps: Deps, user: Principal, keyword = ''): Promise<IdValue[]> {
  return queries.businessLookup(deps.db, scopeOf(user), keyword);
}

export async function withSites(deps: Deps, keyword: string): Promise<BusEntityWithSites[]> {
  return (await queries.businessesWithSites(deps.db, keyword)).map(presentBusinessWithSites);
}

export async function create(deps: Deps, req: FastifyRequest, legalName: string): Promise<BusEntity> {
  return deps.db.transaction(async (tx) => {
    const created = (await queries.nameTaken(tx, legalName)) ? null : await queries.insertBusiness(tx, legalName);
    if (!created) throw conflict('businessNameTaken', 'legalName');
    await audit(tx, req, {
      action: 'createBusEntity',
      entityType: 'businessEntity',
      entityId: created.id,
      after: created,
    });
    return presentBusiness(created);
  });
}

export async function rename(
  deps: Deps,
  req: FastifyRequest,
  busEntityId: number,
  legalName: string,
): Promise<BusEntity> {
  return deps.db.transaction(async (tx) => {
    const before = await queries.findBusiness(tx, busEntityId);
    if (!before) throw notFound(WHAT);
    if (await queries.nameTaken(tx, legalName, busEntityId)) throw conflict('businessNameTaken', 'legalName');
    const after = await queries.renameBusiness(tx, busEntityId, legalName);
    await audit(tx, req, {
      action: 'renameBusEntity',
      entityType: 'businessEntity',
      entityId: busEntityId,
      before,
      after,
    });
    return presentBusiness(after);
  });
}
