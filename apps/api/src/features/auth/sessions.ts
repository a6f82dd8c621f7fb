import { randomBytes } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { sessions } from '../../db/schema';
import { ROTATION_GRACE_SECONDS } from './queries';
import type { TokenClaims } from './tokens';

/** The longest a sign-in lasts, refreshed or not: then the user signs in again. */
export const SESSION_HOURS = 12;

export type SessionRef = { sessionId: string; generation: number; expiresAt: Date };

export async function openSession(q: Queryable, userAccountId: number, now: Date): Promise<SessionRef> {
  const sessionId = randomBytes(16).toString('base64url');
  const expiresAt = new Date(now.getTime() + SESSION_HOURS * 3_600_000);
  await q.insert(sessions).values({ id: sessionId, userAccountId, expiresAt, createdAt: now });
  return { sessionId, generation: 0, expiresAt };
}

/**
 * The next generation of the token's session, for a refresh. The newest token moves the
 * session on; the one before it, within the grace, gets the newest generation again (two
 * tabs refreshing at once). Any older token means a copy of it is in other hands: the session
 * ends. Null when the session cannot be refreshed.
 */
export async function rotate(q: Queryable, claims: TokenClaims, now: Date): Promise<SessionRef | null> {
  const [session] = await q
    .select()
    .from(sessions)
    .where(and(eq(sessions.id, claims.sessionId), eq(sessions.userAccountId, claims.userAccountId)))
    .for('update');
  if (!session || session.revokedAt || session.expiresAt <= now) return null;
  const ref = (generation: number) => ({ sessionId: session.id, generation, expiresAt: session.expiresAt });
  if (claims.generation === session.generation) {
    await q
      .update(sessions)
      .set({ generation: session.generation + 1, refreshedAt: now })
      .where(eq(sessions.id, session.id));
    return ref(session.generation + 1);
  }
  const graceEnds = (session.refreshedAt?.getTime() ?? 0) + ROTATION_GRACE_SECONDS * 1000;
  if (claims.generation === session.generation - 1 && now.getTime() < graceEnds) return ref(session.generation);
  await revokeSession(q, session.id, now);
  return null;
}

export async function revokeSession(q: Queryable, sessionId: string, now: Date): Promise<void> {
  await q
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Drops sessions ended more than a day ago (a job). */
export async function forgetEndedSessions(deps: { db: Queryable; now: () => Date }): Promise<number> {
  const dayAgo = new Date(deps.now().getTime() - 86_400_000);
  const gone = await deps.db
    .delete(sessions)
    .where(sql`${lt(sessions.expiresAt, dayAgo)} or ${lt(sessions.revokedAt, dayAgo)}`)
    .returning({ id: sessions.id });
  return gone.length;
}
