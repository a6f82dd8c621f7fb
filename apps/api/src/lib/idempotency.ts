import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db, Queryable, Tx } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { AppError, conflict, invalid } from './errors';

/** How long an answer is kept for a retry. */
const IDEMPOTENCY_HOURS = 24;

/**
 * How long after its write committed a request may still be working on its answer (waiting for
 * the meters, at most CONFIRM_WAIT_MS, then writing the answer): a retry meanwhile is told it is
 * in progress; a claim still without an answer after that lost it (its process died).
 */
const ANSWER_MARGIN_MS = 10_000;

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

/** The claim's transaction met a claim of the same key that committed first. */
class KeyTaken extends Error {}

/**
 * A request's claim of its key. The claim is written in the request's own write: the first
 * transaction its handler opens inserts it before anything else, so it commits or rolls back
 * with the write. A process that dies before the commit leaves no claim (the retry runs the
 * write); one that dies after leaves a claim without an answer, which tells a retry that the
 * write was done.
 */
export class KeyClaim {
  /** The write, and the claim with it, has committed. */
  committed = false;
  private claiming = false;
  private readonly fingerprint: string;

  constructor(
    private readonly deps: { db: Db; now: () => Date; config: { devices: { confirmWaitMs: number } } },
    private readonly userAccountId: number,
    private readonly key: string,
    req: FastifyRequest,
  ) {
    this.fingerprint = fingerprintOf(req);
  }

  private readonly where = () =>
    and(eq(idempotencyKeys.userAccountId, this.userAccountId), eq(idempotencyKeys.key, this.key));

  /**
   * What an earlier request with the key was answered (null: none claimed it). The same key with
   * another request is refused (422); a claim without an answer is in progress (409) until the
   * time its request could still be working has passed, then its answer is lost (409, final).
   */
  async earlierAnswer(): Promise<StoredAnswer | null> {
    const [first] = await this.deps.db.select().from(idempotencyKeys).where(this.where());
    if (!first) return null;
    if (first.fingerprint !== this.fingerprint) throw new AppError('unprocessable', 'idempotencyKeyReused');
    if (first.status !== null) return { status: first.status, body: first.answer };
    const working = this.deps.config.devices.confirmWaitMs + ANSWER_MARGIN_MS;
    if (this.deps.now().getTime() - first.createdAt.getTime() < working) throw conflict('requestInProgress');
    throw conflict('requestAnswerLost');
  }

  /** The database as the handler sees it: its first transaction that commits carries the claim. */
  database(): Db {
    const db = this.deps.db;
    const transaction = ((fn: (tx: Tx) => Promise<unknown>, config?: Parameters<Db['transaction']>[1]) => {
      if (this.committed || this.claiming) return db.transaction(fn, config);
      this.claiming = true;
      return db
        .transaction(async (tx) => {
          await this.insert(tx);
          return fn(tx);
        }, config)
        .then(
          (result) => {
            this.committed = true;
            return result;
          },
          (err: unknown) => {
            this.claiming = false;
            throw err;
          },
        );
    }) as Db['transaction'];
    return Object.create(db, { transaction: { value: transaction } }) as Db;
  }

  /** Inserts the claim first in the write's transaction; a claim of the key committed meanwhile ends it. */
  private async insert(tx: Tx): Promise<void> {
    const [claimed] = await tx
      .insert(idempotencyKeys)
      .values({
        userAccountId: this.userAccountId,
        key: this.key,
        fingerprint: this.fingerprint,
        createdAt: this.deps.now(),
      })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (!claimed) throw new KeyTaken();
  }

  /**
   * Keeps the answer for retries: on the claim its write committed, or, for a request that wrote
   * nothing, as a claim of its own (a failure that wrote nothing is not kept: the retry runs again).
   */
  async keep(answer: StoredAnswer): Promise<void> {
    await this.deps.db
      .insert(idempotencyKeys)
      .values({
        userAccountId: this.userAccountId,
        key: this.key,
        fingerprint: this.fingerprint,
        status: answer.status,
        answer: answer.body,
        createdAt: this.deps.now(),
      })
      .onConflictDoUpdate({
        target: [idempotencyKeys.userAccountId, idempotencyKeys.key],
        set: { status: answer.status, answer: answer.body },
        setWhere: and(isNull(idempotencyKeys.status), sql`${idempotencyKeys.fingerprint} = excluded.fingerprint`),
      });
  }
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
