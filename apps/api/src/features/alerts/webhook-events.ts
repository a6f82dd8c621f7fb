import type { WebhookEventType } from '@portal/contract';
import { sql } from 'drizzle-orm';
import type { Context } from '../../access/actor';
import { rows, type Queryable } from '../../db/client';
import { queueWebhookEvents } from '../../hub/webhook-events';
import { presentAlert } from './presenter';
import { alertsByIds } from './queries';

/** Queues a webhook event of each alert of a property, in the caller's transaction: the alert as the API shows it. */
export async function queueAlertEvents(q: Queryable, type: WebhookEventType, ids: number[], at: Date): Promise<void> {
  if (!ids.length) return;
  const found = (await alertsByIds(q, ids)).filter((a) => a.site_id !== null);
  await queueWebhookEvents(
    q,
    found.map((a) => ({ siteId: a.site_id!, type, data: presentAlert(a) })),
    at,
  );
}

/**
 * The job: tells the webhooks of alerts resolved since it last ran, however they were resolved
 * (by hand, or by the condition clearing in any of the rules), each once.
 */
export async function tellResolvedAlerts(ctx: Context): Promise<number> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const told = await rows<{ id: number }>(
      tx,
      sql`
      update system_alerts set resolution_told_at = ${now}
      where id in (
        select id from system_alerts where resolved_at is not null and resolution_told_at is null
        order by resolved_at, id limit 200 for update skip locked)
      returning id`,
    );
    await queueAlertEvents(
      tx,
      'alert.resolved',
      told.map((a) => a.id),
      now,
    );
    return told.length;
  });
}
