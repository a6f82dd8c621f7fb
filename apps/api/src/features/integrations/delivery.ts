import { WEBHOOK_DISABLE_AFTER_HOURS, WEBHOOK_RETRY_SECONDS } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import type { Context } from '../../access/actor';
import { audit } from '../../access/audit';
import { rows } from '../../db/client';
import { postWebhook, type PostOutcome } from './post';

/** Deliveries one run takes on. */
const A_RUN = 20;
const TIMEOUT_MS = 15_000;
/** How long a claimed delivery is held: longer than a POST may take; a crash mid-delivery sends it again after this. */
const LEASE_SECONDS = 30;

type Claimed = {
  id: number;
  webhook_id: number;
  event_id: number;
  attempts: number;
  url: string;
  secret: string;
  previous_secret: string | null;
  previous_secret_until: Date | string | null;
  type: string;
  data: unknown;
  created_at: Date | string;
};

/** `msg_` and the event's number: the `webhook-id` of every attempt of the event, to every endpoint. */
export const messageIdOf = (eventId: number) => `msg_${eventId}`;

/**
 * The job: sends the deliveries that are due, in order per stay (a stay's next event waits
 * while an earlier one is pending), to endpoints not disabled. Each is claimed by moving its
 * next attempt on by the lease (another instance skips it; a crash retries it), then marked
 * delivered on a 2xx, or given its next attempt by WEBHOOK_RETRY_SECONDS, or failed after the
 * last. An endpoint failing for WEBHOOK_DISABLE_AFTER_HOURS is disabled with an alert.
 */
export async function deliverWebhooks(ctx: Context): Promise<number> {
  const now = ctx.now();
  const claimed = await rows<Claimed>(
    ctx.db,
    sql`
    with due as (
      select d.id from webhook_deliveries d
      join webhooks w on w.id = d.webhook_id and w.disabled_at is null
      where d.status = 'pending' and d.next_attempt_at <= ${now}
        and not exists (
          select 1 from webhook_deliveries e
          where e.webhook_id = d.webhook_id and e.stay_id = d.stay_id and e.event_id < d.event_id and e.status = 'pending')
      order by d.next_attempt_at, d.event_id
      limit ${A_RUN}
      for update of d skip locked
    ),
    taken as (
      update webhook_deliveries d
      set attempts = d.attempts + 1, last_attempt_at = ${now},
          next_attempt_at = ${now}::timestamptz + ${LEASE_SECONDS} * interval '1 second'
      from due where d.id = due.id
      returning d.id, d.webhook_id, d.event_id, d.attempts
    )
    select t.*, w.url, w.secret, w.previous_secret, w.previous_secret_until, e.type, e.data, e.created_at
    from taken t join webhooks w on w.id = t.webhook_id join webhook_events e on e.id = t.event_id
    order by t.event_id`,
  );
  await Promise.all(claimed.map((d) => deliver(ctx, d)));
  return claimed.length;
}

async function deliver(ctx: Context, d: Claimed): Promise<void> {
  const sentAt = ctx.now();
  const body = JSON.stringify({ type: d.type, timestamp: new Date(d.created_at).toISOString(), data: d.data });
  const id = messageIdOf(d.event_id);
  const secrets = [d.secret];
  if (d.previous_secret && d.previous_secret_until && new Date(d.previous_secret_until) > sentAt) {
    secrets.push(d.previous_secret);
  }
  const headers = {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
    'webhook-signature': secrets.map((s) => new Webhook(s).sign(id, sentAt, body)).join(' '),
    'user-agent': 'metering-portal-webhooks',
  };
  const outcome = await postWebhook(d.url, body, headers, {
    timeoutMs: TIMEOUT_MS,
    allowPrivate: ctx.config.webhookAllowPrivate,
  });
  await settle(ctx, d, outcome);
}

const succeeded = (o: PostOutcome) => o.status !== null && o.status >= 200 && o.status < 300;

/** Records an attempt's outcome on the delivery and its endpoint. */
async function settle(ctx: Context, d: Claimed, outcome: PostOutcome): Promise<void> {
  const now = ctx.now();
  const ok = succeeded(outcome);
  const wait = WEBHOOK_RETRY_SECONDS[d.attempts - 1];
  const status = ok ? 'delivered' : wait === undefined ? 'failed' : 'pending';
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`
      update webhook_deliveries set status = ${status}, last_status_code = ${outcome.status},
        last_response = ${outcome.excerpt}, delivered_at = ${ok ? now : null},
        next_attempt_at = ${now}::timestamptz + ${wait ?? 0} * interval '1 second'
      where id = ${d.id}`);
    if (ok) {
      await tx.execute(sql`update webhooks set failing_since = null where id = ${d.webhook_id}`);
      return;
    }
    const [endpoint] = await rows<{ site_id: number; url: string; failing_since: Date | string; disabled: boolean }>(
      tx,
      sql`
      update webhooks set failing_since = coalesce(failing_since, ${now}::timestamptz),
        disabled_at = case when failing_since <= ${now}::timestamptz - ${WEBHOOK_DISABLE_AFTER_HOURS} * interval '1 hour'
          then ${now}::timestamptz end
      where id = ${d.webhook_id} and disabled_at is null
      returning site_id, url, failing_since, disabled_at is not null as disabled`,
    );
    if (!endpoint?.disabled) return;
    await tx.execute(sql`
      insert into system_alerts (kind, params, site_id, created_at)
      values ('webhookDisabled', ${JSON.stringify({ url: endpoint.url, since: new Date(endpoint.failing_since).toISOString() })}::jsonb,
        ${endpoint.site_id}, ${now})`);
    await audit(tx, ctx.actor, { action: 'webhookDisabled', entityType: 'webhook', entityId: d.webhook_id });
  });
}
