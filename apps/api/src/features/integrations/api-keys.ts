import {
  API_KEYS_PER_BUSINESS_MAX,
  type ApiKeyRow,
  type ApiKeyScope,
  type createApiKeyRequest,
} from '@portal/contract';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { UserContext } from '../../access/actor';
import { audit } from '../../access/audit';
import type { ApiKeyRef, BusinessRef, SiteRef } from '../../access/scope';
import { rows } from '../../db/client';
import { apiKeys } from '../../db/schema';
import { AppError, invalid } from '../../lib/errors';
import { newKey } from './keys';
import { iso, isoOrNull } from '../../lib/instants';

type CreateInput = z.output<typeof createApiKeyRequest>;

/**
 * Makes a key of the business for some of its live properties; the key is in the answer
 * only. A business holds at most API_KEYS_PER_BUSINESS_MAX keys in force (the business row
 * is locked while they are counted, so two at once cannot pass the limit together).
 */
export async function createApiKey(
  ctx: UserContext,
  business: BusinessRef,
  sites: SiteRef[],
  input: CreateInput,
): Promise<{ apiKeyID: number; key: string }> {
  if (sites.some((s) => s.deleted || s.busEntityId !== business.busEntityId)) {
    throw invalid('apiKeySitesOutsideBusiness', 'siteIDs');
  }
  const now = ctx.now();
  const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
  if (expiresAt && expiresAt <= now) throw invalid('apiKeyExpiryPast', 'expiresAt');
  const { key, prefix, hash } = newKey();
  const siteIds = [...new Set(sites.map((s) => s.siteId))].sort((a, b) => a - b);
  const scopes = [...new Set(input.scopes)];
  return ctx.db.transaction(async (tx) => {
    const [held] = await rows<{ n: number }>(
      tx,
      sql`select (select count(*)::int from api_keys k where k.bus_entity_id = b.id and k.revoked_at is null
            and (k.expires_at is null or k.expires_at > ${now})) as n
          from business_entities b where b.id = ${business.busEntityId} for update`,
    );
    if (held!.n >= API_KEYS_PER_BUSINESS_MAX) {
      throw new AppError('conflict', 'apiKeysLimit', { max: API_KEYS_PER_BUSINESS_MAX });
    }
    const [row] = await tx
      .insert(apiKeys)
      .values({
        busEntityId: business.busEntityId,
        name: input.name,
        prefix,
        hash,
        scopes,
        siteIds,
        createdByUserAccountId: ctx.actor.user.userAccountId,
        createdAt: now,
        expiresAt,
      })
      .returning({ id: apiKeys.id });
    await audit(tx, ctx.actor, {
      action: 'apiKeyCreated',
      entityType: 'apiKey',
      entityId: row!.id,
      after: { name: input.name, prefix, siteIDs: siteIds, scopes, expiresAt },
    });
    return { apiKeyID: row!.id, key };
  });
}

type KeyListRow = {
  id: number;
  name: string;
  prefix: string;
  site_ids: number[];
  scopes: ApiKeyScope[];
  created_at: Date | string;
  created_by: string;
  last_used_at: Date | string | null;
  last_used_ip: string | null;
  expires_at: Date | string | null;
  revoked_at: Date | string | null;
};

/** The business's keys, newest first, with who made each. */
export async function listApiKeys(ctx: UserContext, business: BusinessRef): Promise<ApiKeyRow[]> {
  const found = await rows<KeyListRow>(
    ctx.db,
    sql`select k.id, k.name, k.prefix, k.site_ids, k.scopes, k.created_at, k.last_used_at, k.last_used_ip,
          k.expires_at, k.revoked_at,
          coalesce(nullif(trim(concat_ws(' ', c.first_name, c.last_name)), ''), u.email) as created_by
        from api_keys k
        join user_accounts u on u.id = k.created_by_user_account_id
        left join contacts c on c.id = u.contact_id
        where k.bus_entity_id = ${business.busEntityId}
        order by k.created_at desc, k.id desc`,
  );
  return found.map((k) => ({
    apiKeyID: k.id,
    name: k.name,
    prefix: k.prefix,
    siteIDs: k.site_ids.map(Number),
    scopes: k.scopes,
    createdAt: iso(k.created_at),
    createdBy: k.created_by,
    lastUsedAt: isoOrNull(k.last_used_at),
    lastUsedFrom: k.last_used_ip,
    expiresAt: isoOrNull(k.expires_at),
    revokedAt: isoOrNull(k.revoked_at),
  }));
}

/** Revokes a key; the next request with it is refused. Revoking a revoked key changes nothing. */
export async function revokeApiKey(ctx: UserContext, ref: ApiKeyRef): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const revoked = await rows<{ id: number }>(
      tx,
      sql`update api_keys set revoked_at = ${ctx.now()} where id = ${ref.apiKeyId} and revoked_at is null returning id`,
    );
    if (revoked.length)
      await audit(tx, ctx.actor, { action: 'apiKeyRevoked', entityType: 'apiKey', entityId: ref.apiKeyId });
  });
}
