import { createHash, createHmac } from 'node:crypto';
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { stays } from '../../db/schema';
import type { Deps } from '../../deps';
import { audit } from '../../access/audit';
import { conflict } from '../../lib/errors';
import type { StayRef } from '../../access/scope';
import type { Context } from '../../access/actor';

/**
 * A stay's guest link, `/statement/{token}`. The token is never stored: it is derived from the
 * server's secret, the stay and the link's generation (so staff can show it again whenever they
 * open the statement), and only its SHA-256 is kept, to find the stay by it. Revoking drops the
 * hashes; issuing a new link moves the generation on. A token that staff can no longer derive
 * (a random one from before hashing, or one from before the secret changed) keeps working
 * beside the current one through its hash, until the link is revoked or expires.
 */

/** What a stay's link depends on (the columns `statementFacts` reads). */
export type LinkFacts = {
  id: number;
  checkout_at: Date | string | null;
  statement_link_generation: number;
  statement_token_hash: string | null;
  statement_revoked_at: Date | string | null;
};

/** The token of a stay's link of a generation: 144 bits of an HMAC keyed for this one use, base64url. */
function linkToken(secret: string, stayId: number, generation: number): string {
  const key = createHmac('sha256', secret).update('statement-links').digest();
  return createHmac('sha256', key).update(`${stayId}:${generation}`).digest().subarray(0, 18).toString('base64url');
}

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** Finds the stay whose link (current, or older and still working) has this token. */
export const byLinkToken = (token: string): SQL =>
  sql`${tokenHash(token)} in (st.statement_token_hash, st.statement_legacy_token_hash)`;

/** When a stay's guest link stops working: never while open, else some days after check-out. */
export function linkExpiry(deps: Deps, f: Pick<LinkFacts, 'checkout_at'>): Date | null {
  if (f.checkout_at === null) return null;
  return new Date(new Date(f.checkout_at).getTime() + deps.config.statementLinkDays * 86_400_000);
}

/** Whether a stay's link works now: not revoked, not expired. */
export function linkWorks(deps: Deps, f: LinkFacts, now: Date): boolean {
  const expiry = linkExpiry(deps, f);
  return f.statement_revoked_at === null && (expiry === null || now < expiry);
}

async function linkFactsOf(q: Queryable, stayId: number): Promise<LinkFacts> {
  const [row] = await q
    .select({
      id: stays.id,
      checkout_at: stays.checkoutAt,
      statement_link_generation: stays.statementLinkGeneration,
      statement_token_hash: stays.statementTokenHash,
      statement_revoked_at: stays.statementRevokedAt,
    })
    .from(stays)
    .where(eq(stays.id, stayId));
  return row!;
}

/**
 * The link staff show, or null when revoked or expired. The first time (a new stay, one from
 * before hashing, or after a change of the secret) its hash is stored; a hash of another token
 * that was there goes on working beside it.
 */
export async function staffLink(deps: Deps, f: LinkFacts, now: Date): Promise<string | null> {
  if (!linkWorks(deps, f, now)) return null;
  const token = linkToken(deps.config.jwtSecret, f.id, f.statement_link_generation);
  const hash = tokenHash(token);
  if (f.statement_token_hash !== hash) {
    const [made] = await deps.db
      .update(stays)
      .set({
        statementLegacyTokenHash: sql`coalesce(${stays.statementTokenHash}, ${stays.statementLegacyTokenHash})`,
        statementTokenHash: hash,
      })
      .where(
        and(
          eq(stays.id, f.id),
          eq(stays.statementLinkGeneration, f.statement_link_generation),
          isNull(stays.statementRevokedAt),
          sql`${stays.statementTokenHash} is distinct from ${hash}`,
        ),
      )
      .returning({ id: stays.id });
    // revoked, or a new link issued, meanwhile: show what the stay has now
    if (!made) return staffLink(deps, await linkFactsOf(deps.db, f.id), now);
  }
  return `${deps.config.publicUrl}/statement/${token}`;
}

/** Revokes a stay's link: its tokens, current and older, answer 404 from then on. */
export async function revokeLink(ctx: Context, stay: StayRef): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(stays)
      .set({ statementRevokedAt: ctx.now(), statementTokenHash: null, statementLegacyTokenHash: null })
      .where(and(eq(stays.id, stay.stayId), isNull(stays.statementRevokedAt)));
    await audit(tx, ctx.actor, { action: 'revokeStatementLink', entityType: 'stay', entityId: stay.stayId });
  });
}

/**
 * A new link for a stay (after a revoke, or in place of the one it has): the next generation's
 * token; every token before it answers 404. Refused once the link period after check-out ended.
 */
export async function issueLink(ctx: Context, stay: StayRef): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ checkout_at: stays.checkoutAt, generation: stays.statementLinkGeneration })
      .from(stays)
      .where(eq(stays.id, stay.stayId))
      .for('update');
    const expiry = linkExpiry(ctx, row!);
    if (expiry !== null && ctx.now() >= expiry) throw conflict('statementLinkExpired');
    const generation = row!.generation + 1;
    await tx
      .update(stays)
      .set({
        statementLinkGeneration: generation,
        statementTokenHash: tokenHash(linkToken(ctx.config.jwtSecret, stay.stayId, generation)),
        statementLegacyTokenHash: null,
        statementRevokedAt: null,
      })
      .where(eq(stays.id, stay.stayId));
    await audit(tx, ctx.actor, {
      action: 'issueStatementLink',
      entityType: 'stay',
      entityId: stay.stayId,
      after: { generation },
    });
  });
}
