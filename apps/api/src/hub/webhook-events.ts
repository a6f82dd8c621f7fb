import type { WebhookEventType } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { rows, type Queryable } from '../db/client';

/** A change a property's webhooks may be told of; `stayId` keeps a stay's events in order. */
export type WebhookEvent = { siteId: number; type: WebhookEventType; data: object; stayId?: number | null };

/**
 * Writes events to the webhook outbox in the caller's transaction, each with a delivery for
 * every endpoint of its property that listens for its type (a disabled one's waits until it is
 * enabled); an event no endpoint listens for is not written. They leave only if the
 * transaction commits, and then at least once (features/integrations/delivery.ts). Answers
 * the deliveries queued.
 */
export async function queueWebhookEvents(q: Queryable, events: WebhookEvent[], at: Date): Promise<number> {
  if (!events.length) return 0;
  const given = events.map((e, n) => ({ n, site_id: e.siteId, type: e.type, data: e.data, stay_id: e.stayId ?? null }));
  const [queued] = await rows<{ deliveries: number }>(
    q,
    sql`
    with wanted as (
      select x.n, x.site_id, x.type, x.data, x.stay_id
      from jsonb_to_recordset(${JSON.stringify(given)}::jsonb) as x(n int, site_id int, type text, data jsonb, stay_id int)
      where exists (select 1 from webhooks w where w.site_id = x.site_id and x.type = any(w.events))
    ),
    written as (
      insert into webhook_events (site_id, type, data, stay_id, created_at)
      select site_id, type, data, stay_id, ${at} from wanted order by n
      returning id, site_id, type, stay_id
    ),
    deliveries as (
      insert into webhook_deliveries (webhook_id, event_id, stay_id, next_attempt_at, created_at)
      select w.id, e.id, e.stay_id, ${at}, ${at}
      from written e join webhooks w on w.site_id = e.site_id and e.type = any(w.events)
      returning 1
    )
    select count(*)::int as deliveries from deliveries`,
  );
  return queued!.deliveries;
}
