import { randomBytes } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { sessions } from '../../db/schema';
import type { TokenClaims } from '../../access/tokens';

/** A rotated-out token stays good this long after its successor's first call, for the calls already on their way. */
const ROTATION_GRACE_SECONDS = 30;

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
 * session on. The one before it gets the newest generation again while the newest has not
 * been used (its answer may have been lost on the way) or within the grace after (two tabs
 * refreshing at once). Any older token means a copy of it is in other hands: the session
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
      .set({ generation: session.generation + 1, newestUsedAt: null })
      .where(eq(sessions.id, session.id));
    return ref(session.generation + 1);
  }
  if (claims.generation === session.generation - 1 && previousStillGood(session.newestUsedAt, now)) {
    return ref(session.generation);
  }
  await revokeSession(q, session.id, now);
  return null;
}

/** The token before the newest is good until the newest has been in use for the grace. */
export function previousStillGood(newestUsedAt: Date | null, now: Date): boolean {
  return newestUsedAt === null || now.getTime() < newestUsedAt.getTime() + ROTATION_GRACE_SECONDS * 1000;
}

/** Notes the first call with the session's newest token: the grace of the one before starts. */
export async function markNewestUsed(q: Queryable, sessionId: string, generation: number, now: Date): Promise<void> {
  await q
    .update(sessions)
    .set({ newestUsedAt: now })
    .where(and(eq(sessions.id, sessionId), eq(sessions.generation, generation), isNull(sessions.newestUsedAt)));
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
