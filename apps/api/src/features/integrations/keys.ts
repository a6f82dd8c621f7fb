import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { API_KEY_PREFIX, API_KEY_SCOPES, type ApiKeyScope, Role } from '@portal/contract';
import { sql } from 'drizzle-orm';
import type { Principal } from '../../access/principal';
import { rows, type Queryable } from '../../db/client';

/** `mpk_` and 8 characters: what a key is found by, and what the lists show. */
const PREFIX_LENGTH = API_KEY_PREFIX.length + 8;
/** A last use is written again only when older than this (or from another address): not a write a request. */
const LAST_USE_EVERY_MS = 60_000;

const hashOf = (key: string) => createHash('sha256').update(key).digest('hex');

/** A new key: `mpk_`, 8 characters to find it by, `_`, 256 random bits (base64url). */
export function newKey(): { key: string; prefix: string; hash: string } {
  const key = `${API_KEY_PREFIX}${randomBytes(6).toString('base64url')}_${randomBytes(32).toString('base64url')}`;
  return { key, prefix: key.slice(0, PREFIX_LENGTH), hash: hashOf(key) };
}

export const looksLikeKey = (token: string) => token.startsWith(API_KEY_PREFIX);

type KeyRow = {
  id: number;
  name: string;
  hash: string;
  scopes: string[];
  bus_entity_id: number;
  created_by_user_account_id: number;
  last_used_at: Date | string | null;
  last_used_ip: string | null;
  site_ids: number[];
};

/**
 * The caller a key names, read afresh each request (so a revocation holds at once on every
 * instance): a Site Manager of the key's live properties of its business, in its scopes. Null
 * for an unknown, expired or revoked key, or one whose maker's account is no longer active.
 */
export async function keyPrincipal(q: Queryable, key: string, now: Date, ip: string): Promise<Principal | null> {
  const [row] = await rows<KeyRow>(
    q,
    sql`select k.id, k.name, k.hash, k.scopes, k.bus_entity_id, k.created_by_user_account_id,
          k.last_used_at, k.last_used_ip,
          coalesce((select array_agg(s.id order by s.id) from sites s
            where s.id = any(k.site_ids) and s.bus_entity_id = k.bus_entity_id and s.deleted_at is null), '{}') as site_ids
        from api_keys k
        join user_accounts u on u.id = k.created_by_user_account_id and u.active
        where k.prefix = ${key.slice(0, PREFIX_LENGTH)} and k.revoked_at is null
          and (k.expires_at is null or k.expires_at > ${now})`,
  );
  if (!row || !sameHash(row.hash, hashOf(key))) return null;
  const lastUsed = row.last_used_at === null ? 0 : new Date(row.last_used_at).getTime();
  if (now.getTime() - lastUsed >= LAST_USE_EVERY_MS || row.last_used_ip !== ip) {
    await q.execute(sql`update api_keys set last_used_at = ${now}, last_used_ip = ${ip} where id = ${row.id}`);
  }
  return {
    userAccountId: row.created_by_user_account_id,
    roleId: Role.SiteManager,
    busEntityId: row.bus_entity_id,
    assignedSiteIds: row.site_ids.map(Number),
    sessionId: `apikey:${row.id}`,
    apiKey: { id: row.id, name: row.name, scopes: row.scopes.filter(isScope) },
  };
}

const isScope = (s: string): s is ApiKeyScope => (API_KEY_SCOPES as readonly string[]).includes(s);

const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
