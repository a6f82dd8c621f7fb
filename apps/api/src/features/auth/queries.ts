import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { isRoleId } from '@portal/contract';
import { rows, type Queryable } from '../../db/client';
import { businessEntities, contacts, passwordTokens, userAccounts } from '../../db/schema';
import type { Principal } from '../../access/principal';
import { markNewestUsed, previousStillGood } from './sessions';
import type { TokenClaims } from '../../access/tokens';

type PrincipalRow = {
  id: number;
  role_id: number;
  bus_entity_id: number | null;
  active: boolean;
  token_version: number;
  site_ids: number[];
  generation: number;
  newest_used_at: Date | string | null;
};

/**
 * The caller a token names, if the account may still sign in and the token's session is
 * live: not signed out or revoked, within its lifetime, and the token its newest (or the one
 * before, until the newest has been in use for a moment). `anyGeneration`: any token of the
 * live session (the live hub, whose socket outlives the token it opened with).
 */
export async function loadPrincipal(
  q: Queryable,
  claims: TokenClaims,
  now: Date,
  anyGeneration = false,
): Promise<Principal | null> {
  const [row] = await rows<PrincipalRow>(
    q,
    sql`select u.id, u.role_id, u.bus_entity_id, u.active, u.token_version, se.generation, se.newest_used_at,
          coalesce((select array_agg(s.site_id order by s.site_id) from user_account_sites s where s.user_account_id = u.id), '{}') as site_ids
        from user_accounts u
        join sessions se on se.id = ${claims.sessionId} and se.user_account_id = u.id
        where u.id = ${claims.userAccountId} and se.revoked_at is null and se.expires_at > ${now}`,
  );
  if (!row || !row.active || row.token_version !== claims.tokenVersion || !isRoleId(row.role_id)) return null;
  const newestUsedAt = row.newest_used_at === null ? null : new Date(row.newest_used_at);
  if (!anyGeneration) {
    if (claims.generation === row.generation) {
      if (newestUsedAt === null) await markNewestUsed(q, claims.sessionId, row.generation, now);
    } else if (claims.generation !== row.generation - 1 || !previousStillGood(newestUsedAt, now)) {
      return null;
    }
  }
  return {
    userAccountId: row.id,
    roleId: row.role_id,
    busEntityId: row.bus_entity_id,
    assignedSiteIds: row.site_ids.map(Number),
    sessionId: claims.sessionId,
  };
}

export async function findAccountForLogin(q: Queryable, email: string) {
  const [row] = await q
    .select({
      id: userAccounts.id,
      passwordHash: userAccounts.passwordHash,
      roleId: userAccounts.roleId,
      active: userAccounts.active,
      tokenVersion: userAccounts.tokenVersion,
    })
    .from(userAccounts)
    .where(sql`lower(${userAccounts.email}) = lower(${email})`)
    .limit(1);
  return row ?? null;
}

export async function findAccountByEmail(q: Queryable, email: string) {
  const [row] = await q
    .select({
      id: userAccounts.id,
      email: userAccounts.email,
      active: userAccounts.active,
      firstName: contacts.firstName,
    })
    .from(userAccounts)
    .innerJoin(contacts, eq(contacts.id, userAccounts.contactId))
    .where(sql`lower(${userAccounts.email}) = lower(${email})`);
  return row ?? null;
}

export async function findAccountById(q: Queryable, id: number) {
  const [row] = await q
    .select({
      id: userAccounts.id,
      email: userAccounts.email,
      username: userAccounts.username,
      passwordHash: userAccounts.passwordHash,
      roleId: userAccounts.roleId,
      tokenVersion: userAccounts.tokenVersion,
      busEntityId: userAccounts.busEntityId,
      busEntityName: businessEntities.legalName,
      firstName: contacts.firstName,
      lastName: contacts.lastName,
    })
    .from(userAccounts)
    .innerJoin(contacts, eq(contacts.id, userAccounts.contactId))
    .leftJoin(businessEntities, eq(businessEntities.id, userAccounts.busEntityId))
    .where(eq(userAccounts.id, id));
  return row ?? null;
}

export async function recordLogin(q: Queryable, id: number, at: Date) {
  await q.update(userAccounts).set({ lastLoginAt: at }).where(eq(userAccounts.id, id));
}

/** Sets a new password and ends every session and every outstanding set-password link of the account. */
export async function setPassword(q: Queryable, id: number, passwordHash: string) {
  await q
    .update(passwordTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordTokens.userAccountId, id), isNull(passwordTokens.usedAt)));
  const [row] = await q
    .update(userAccounts)
    .set({
      passwordHash,
      tokenVersion: sql`${userAccounts.tokenVersion} + 1`,
      updatedAt: new Date(),
    })
    .where(eq(userAccounts.id, id))
    .returning({ tokenVersion: userAccounts.tokenVersion, roleId: userAccounts.roleId });
  return row!;
}

export async function insertPasswordToken(
  q: Queryable,
  userAccountId: number,
  tokenHash: string,
  purpose: 'reset' | 'invite',
  expiresAt: Date,
) {
  await q.insert(passwordTokens).values({ userAccountId, tokenHash, purpose, expiresAt });
}

export async function findLiveToken(q: Queryable, tokenHash: string, now: Date) {
  const [row] = await q
    .select({ id: passwordTokens.id, userAccountId: passwordTokens.userAccountId })
    .from(passwordTokens)
    .where(
      and(eq(passwordTokens.tokenHash, tokenHash), isNull(passwordTokens.usedAt), gt(passwordTokens.expiresAt, now)),
    );
  return row ?? null;
}

/** Marks the token used; null when it was already used or has expired (single use). */
export async function consumeToken(q: Queryable, tokenHash: string, now: Date) {
  const [row] = await q
    .update(passwordTokens)
    .set({ usedAt: now })
    .where(
      and(eq(passwordTokens.tokenHash, tokenHash), isNull(passwordTokens.usedAt), gt(passwordTokens.expiresAt, now)),
    )
    .returning({ userAccountId: passwordTokens.userAccountId });
  return row ?? null;
}

export async function createAccount(
  q: Queryable,
  a: {
    email: string;
    username: string | null;
    passwordHash: string | null;
    firstName: string;
    lastName: string;
    roleId: number;
    active: boolean;
  },
) {
  const [contact] = await q
    .insert(contacts)
    .values({ email: a.email, firstName: a.firstName, lastName: a.lastName })
    .returning({ id: contacts.id });
  const [user] = await q
    .insert(userAccounts)
    .values({
      contactId: contact!.id,
      email: a.email,
      username: a.username,
      passwordHash: a.passwordHash,
      roleId: a.roleId,
      active: a.active,
    })
    .returning({ id: userAccounts.id, tokenVersion: userAccounts.tokenVersion, roleId: userAccounts.roleId });
  return user!;
}

export async function emailOrUsernameTaken(q: Queryable, email: string, username: string) {
  const found = await q
    .select({ email: userAccounts.email, username: userAccounts.username })
    .from(userAccounts)
    .where(sql`lower(${userAccounts.email}) = lower(${email}) or lower(${userAccounts.username}) = lower(${username})`);
  return {
    /** The stored address of the account that has the e-mail, if one does. */
    email: found.find((r) => r.email.toLowerCase() === email.toLowerCase())?.email ?? null,
    username: found.some((r) => r.username?.toLowerCase() === username.toLowerCase()),
  };
}
