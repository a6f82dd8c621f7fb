import type { FastifyRequest } from 'fastify';
import type { AlertsPage, AlertState, AlertType, SystemAlert } from '@portal/contract';
import type { Deps } from '../../deps';
import { auditAll } from '../../lib/audit';
import type { Principal } from '../auth/principal';
import { scopeOf } from '../auth/scope';
import { presentAlert } from './presenter';
import * as queries from './queries';

export type AlertsRequest = {
  siteId?: number;
  state: AlertState | '';
  type: AlertType | '';
  page: number;
  pageSize: number;
};

export async function listAlerts(deps: Deps, user: Principal, r: AlertsRequest): Promise<AlertsPage> {
  const scope = scopeOf(user);
  const filter = { siteId: r.siteId, state: r.state, type: r.type };
  const total = await queries.alertCount(deps.db, scope, filter);
  const found = total ? await queries.alertPage(deps.db, scope, filter, r.page, r.pageSize) : [];
  return { total, alerts: found.map(presentAlert) };
}

/** The dashboard's panel: the open alerts (neither acknowledged nor resolved), newest first. */
export async function openAlerts(deps: Deps, user: Principal): Promise<SystemAlert[]> {
  const found = await queries.alertPage(deps.db, scopeOf(user), { state: 'open', type: '' }, 1, 200);
  return found.map(presentAlert);
}

type Act = 'acknowledge' | 'resolve';

/** Acknowledges or resolves alerts by hand (already checked against the caller's scope); answers how many changed. */
export async function act(
  deps: Deps,
  req: FastifyRequest,
  user: Principal,
  what: Act,
  alertIds: number[],
  note: string,
): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const change = what === 'acknowledge' ? queries.acknowledge : queries.resolve;
    const changed = await change(tx, alertIds, user.userAccountId, note, deps.now());
    await auditAll(
      tx,
      req,
      changed.map((id) => ({
        action: what === 'acknowledge' ? 'acknowledgeAlert' : 'resolveAlert',
        entityType: 'alert',
        entityId: id,
        after: note ? { note } : null,
      })),
    );
    return changed.length;
  });
}
