import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { and, eq, lt } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { AppError, conflict, invalid } from './errors';

/** How long an answer is kept for a retry. */
const IDEMPOTENCY_HOURS = 24;

export type StoredAnswer = { status: number; body: unknown };

/**
 * The request's Idempotency-Key (the IETF draft's header: a structured-field string, quoted, or
 * bare), or null when it sent none.
 */
export function idempotencyKeyOf(req: FastifyRequest): string | null {
  const raw = req.headers['idempotency-key'];
  if (raw === undefined) return null;
  const value = (Array.isArray(raw) ? raw[0]! : raw).trim().replace(/^"(.*)"$/, '$1');
  if (!/^[\x21-\x7e]{1,255}$/.test(value)) throw invalid('fieldNotValid', 'Idempotency-Key');
  return value;
}

const fingerprintOf = (req: FastifyRequest) =>
  createHash('sha256')
    .update(JSON.stringify([req.method, req.routeOptions.url, req.query, req.body]))
    .digest('hex');

/**
 * Claims the key for this request, or answers what the first request with it was answered.
 * The same key with another request is refused (422); while the first is still running, 409.
 */
export async function claimKey(
  q: Queryable,
  userAccountId: number,
  key: string,
  req: FastifyRequest,
): Promise<StoredAnswer | null> {
  const fingerprint = fingerprintOf(req);
  const [claimed] = await q
    .insert(idempotencyKeys)
    .values({ userAccountId, key, fingerprint })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (claimed) return null;
  const [first] = await q
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userAccountId, userAccountId), eq(idempotencyKeys.key, key)));
  if (!first) return claimKey(q, userAccountId, key, req);
  if (first.fingerprint !== fingerprint) throw new AppError('unprocessable', 'idempotencyKeyReused');
  if (first.status === null) throw conflict('requestInProgress');
  return { status: first.status, body: first.answer };
}

/** Keeps the answer for retries. */
export async function keepAnswer(q: Queryable, userAccountId: number, key: string, answer: StoredAnswer) {
  await q
    .update(idempotencyKeys)
    .set({ status: answer.status, answer: answer.body })
    .where(and(eq(idempotencyKeys.userAccountId, userAccountId), eq(idempotencyKeys.key, key)));
}

/** A request that failed did nothing: the key is let go, so a retry runs it again. */
export async function releaseKey(q: Queryable, userAccountId: number, key: string) {
  await q
    .delete(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userAccountId, userAccountId), eq(idempotencyKeys.key, key)));
}

/** Drops answers older than a day (a job). */
export async function forgetOldKeys(deps: { db: Queryable; now: () => Date }): Promise<number> {
  const before = new Date(deps.now().getTime() - IDEMPOTENCY_HOURS * 3_600_000);
  const gone = await deps.db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, before))
    .returning({ key: idempotencyKeys.key });
  return gone.length;
}
