import { randomBytes } from 'node:crypto';
import {
  type createWebhookRequest,
  WEBHOOK_SECRET_OVERLAP_HOURS,
  WEBHOOKS_PER_PROPERTY_MAX,
  type WebhookDelivery,
  type WebhookRow,
} from '@portal/contract';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { personOf, type UserContext } from '../../access/actor';
import { audit } from '../../access/audit';
import type { DeliveryRef, SiteRef, WebhookRef } from '../../access/scope';
import { rows } from '../../db/client';
import { webhooks } from '../../db/schema';
import { AppError, invalid } from '../../lib/errors';
import { reachesPublicOnly } from './address';
import { messageIdOf } from './delivery';
import { iso, isoOrNull } from '../../lib/instants';

type CreateInput = z.output<typeof createWebhookRequest>;

/** A secret as Standard Webhooks writes one: `whsec_` and 32 random bytes in base64. */
const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;
/**
 * Adds an endpoint: a URL on the public internet (unless the deployment allows private ones),
 * at most WEBHOOKS_PER_PROPERTY_MAX a property (counted with the property locked). The calls
 * are an Administrator's or the property's Site Owner's (their access and declared scope).
 */
export async function createWebhook(ctx: UserContext, site: SiteRef, input: CreateInput) {
  if (!ctx.config.webhookAllowPrivate && !(await reachesPublicOnly(input.url))) {
    throw invalid('webhookPrivateAddress', 'url');
  }
  const secret = newSecret();
  const events = [...new Set(input.events)];
  return ctx.db.transaction(async (tx) => {
    const [held] = await rows<{ n: number }>(
      tx,
      sql`select (select count(*)::int from webhooks w where w.site_id = s.id) as n
          from sites s where s.id = ${site.siteId} for update`,
    );
    if (held!.n >= WEBHOOKS_PER_PROPERTY_MAX) {
      throw new AppError('conflict', 'webhooksLimit', { max: WEBHOOKS_PER_PROPERTY_MAX });
    }
    const [row] = await tx
      .insert(webhooks)
      .values({
        siteId: site.siteId,
        url: input.url,
        events,
        secret,
        createdByUserAccountId: personOf(ctx.actor),
        createdAt: ctx.now(),
      })
      .returning({ id: webhooks.id });
    await audit(tx, ctx.actor, {
      action: 'webhookCreated',
      entityType: 'webhook',
      entityId: row!.id,
      after: { siteId: site.siteId, url: input.url, events },
    });
    return { webhookID: row!.id, secret };
  });
}

type WebhookDbRow = {
  id: number;
  site_id: number;
  url: string;
  events: WebhookRow['events'];
  created_at: Date | string;
  disabled_at: Date | string | null;
  failing_since: Date | string | null;
  previous_secret_until: Date | string | null;
};

export async function listWebhooks(ctx: UserContext, site: SiteRef): Promise<WebhookRow[]> {
  const found = await rows<WebhookDbRow>(
    ctx.db,
    sql`select id, site_id, url, events, created_at, disabled_at, failing_since, previous_secret_until
        from webhooks where site_id = ${site.siteId} order by id`,
  );
  const now = ctx.now();
  return found.map((w) => ({
    webhookID: w.id,
    siteID: w.site_id,
    url: w.url,
    events: w.events,
    createdAt: iso(w.created_at),
    disabledAt: isoOrNull(w.disabled_at),
    failingSince: isoOrNull(w.failing_since),
    previousSecretUntil:
      w.previous_secret_until && new Date(w.previous_secret_until) > now ? isoOrNull(w.previous_secret_until) : null,
  }));
}

type DeliveryDbRow = {
  id: number;
  event_id: number;
  type: WebhookDelivery['type'];
  status: WebhookDelivery['status'];
  attempts: number;
  last_status_code: number | null;
  last_attempt_at: Date | string | null;
  next_attempt_at: Date | string;
  last_response: string | null;
  created_at: Date | string;
};

/** An endpoint's last 200 deliveries, newest first. */
export async function listDeliveries(ctx: UserContext, hook: WebhookRef): Promise<WebhookDelivery[]> {
  const found = await rows<DeliveryDbRow>(
    ctx.db,
    sql`select d.id, d.event_id, e.type, d.status, d.attempts, d.last_status_code, d.last_attempt_at,
          d.next_attempt_at, d.last_response, d.created_at
        from webhook_deliveries d join webhook_events e on e.id = d.event_id
        where d.webhook_id = ${hook.webhookId}
        order by d.id desc limit 200`,
  );
  return found.map((d) => ({
    deliveryID: d.id,
    eventID: messageIdOf(d.event_id),
    type: d.type,
    status: d.status,
    attempts: d.attempts,
    lastStatusCode: d.last_status_code,
    lastAttemptAt: isoOrNull(d.last_attempt_at),
    nextAttemptAt: d.status === 'pending' ? isoOrNull(d.next_attempt_at) : null,
    lastResponse: d.last_response,
    createdAt: iso(d.created_at),
  }));
}

/** Sends a delivery again at once (a delivered one too: the receiver dedupes by webhook-id). */
export async function redeliver(ctx: UserContext, delivery: DeliveryRef): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`
      update webhook_deliveries set status = 'pending', attempts = 0, next_attempt_at = ${ctx.now()}
      where id = ${delivery.deliveryId}`);
    await audit(tx, ctx.actor, {
      action: 'webhookRedelivered',
      entityType: 'webhookDelivery',
      entityId: delivery.deliveryId,
    });
  });
}

/** A new secret; the old one signs too for WEBHOOK_SECRET_OVERLAP_HOURS. */
export async function rotateSecret(ctx: UserContext, hook: WebhookRef) {
  const secret = newSecret();
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`
      update webhooks set previous_secret = secret, secret = ${secret},
        previous_secret_until = ${ctx.now()}::timestamptz + ${WEBHOOK_SECRET_OVERLAP_HOURS} * interval '1 hour'
      where id = ${hook.webhookId}`);
    await audit(tx, ctx.actor, { action: 'webhookSecretRotated', entityType: 'webhook', entityId: hook.webhookId });
  });
  return { webhookID: hook.webhookId, secret };
}

/** Enables an endpoint: the deliveries that waited go at once, in order; its failing run starts afresh. */
export async function enableWebhook(ctx: UserContext, hook: WebhookRef): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`update webhooks set disabled_at = null, failing_since = null where id = ${hook.webhookId}`);
    await tx.execute(sql`
      update webhook_deliveries set next_attempt_at = ${ctx.now()}, attempts = 0
      where webhook_id = ${hook.webhookId} and status = 'pending'`);
    await audit(tx, ctx.actor, { action: 'webhookEnabled', entityType: 'webhook', entityId: hook.webhookId });
  });
}

export async function deleteWebhook(ctx: UserContext, hook: WebhookRef): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`delete from webhooks where id = ${hook.webhookId}`);
    await audit(tx, ctx.actor, { action: 'webhookDeleted', entityType: 'webhook', entityId: hook.webhookId });
  });
}
