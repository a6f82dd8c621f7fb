import type { AlertsPage, AlertState, AlertType, SystemAlert } from '@portal/contract';
import { auditAll } from '../../access/audit';
import { scopeOf } from '../../access/scope';
import { presentAlert } from './presenter';
import * as queries from './queries';
import { queueAlertEvents } from './webhook-events';
import type { UserContext } from '../../access/actor';

export type AlertsRequest = {
  siteId?: number;
  state: AlertState | '';
  type: AlertType | '';
  page: number;
  pageSize: number;
};

export async function listAlerts(ctx: UserContext, r: AlertsRequest): Promise<AlertsPage> {
  const { user } = ctx.actor;
  const scope = scopeOf(user);
  const filter = { siteId: r.siteId, state: r.state, type: r.type };
  const total = await queries.alertCount(ctx.db, scope, filter);
  const found = total ? await queries.alertPage(ctx.db, scope, filter, r.page, r.pageSize) : [];
  return { total, alerts: found.map(presentAlert) };
}

/** The dashboard's panel: the open alerts (neither acknowledged nor resolved), newest first. */
export async function openAlerts(ctx: UserContext): Promise<SystemAlert[]> {
  const { user } = ctx.actor;
  const found = await queries.alertPage(ctx.db, scopeOf(user), { state: 'open', type: '' }, 1, 200);
  return found.map(presentAlert);
}

type Act = 'acknowledge' | 'resolve';

/** Acknowledges or resolves alerts by hand (already checked against the caller's scope); answers how many changed. */
export async function act(ctx: UserContext, what: Act, alertIds: number[], note: string): Promise<number> {
  const { user } = ctx.actor;
  return ctx.db.transaction(async (tx) => {
    const change = what === 'acknowledge' ? queries.acknowledge : queries.resolve;
    const changed = await change(tx, alertIds, user.userAccountId, note, ctx.now());
    // a resolution is told by the job that tells every resolution (webhook-events.ts)
    if (what === 'acknowledge') await queueAlertEvents(tx, 'alert.acknowledged', changed, ctx.now());
    await auditAll(
      tx,
      ctx.actor,
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
