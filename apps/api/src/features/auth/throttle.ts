import { inArray, sql, and, gt, lt } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { signInThrottles } from '../../db/schema';

/**
 * Sign-in throttling that slows guessing without locking anyone out: failures count per
 * e-mail typed from one client address, and per address. The owner signing in from their
 * own address is never held back by someone else's failures on the same account, and an
 * unknown e-mail slows down exactly like a known one, so the answers tell nothing.
 */
const FREE_FAILURES = { login: 5, address: 30 };
const MAX_WAIT_MINUTES = 15;
/** A key with no failure for this long starts again from zero. */
const FORGET_AFTER_MINUTES = 15;

const keysOf = (login: string, address: string) => ({
  login: `login:${login.trim().toLowerCase()}|${address}`,
  address: `address:${address}`,
});

/** Whether a sign-in with this e-mail from this address must wait. */
export async function mustWait(q: Queryable, login: string, address: string, now: Date): Promise<boolean> {
  const keys = keysOf(login, address);
  const [blocked] = await q
    .select({ key: signInThrottles.key })
    .from(signInThrottles)
    .where(and(inArray(signInThrottles.key, [keys.login, keys.address]), gt(signInThrottles.blockedUntil, now)))
    .limit(1);
  return blocked !== undefined;
}

/** Counts a failure on both keys; past its free failures a key waits 1, 2, 4 … 15 minutes. */
export async function recordFailure(q: Queryable, login: string, address: string, now: Date): Promise<void> {
  const keys = keysOf(login, address);
  for (const kind of ['login', 'address'] as const) {
    await q.execute(sql`
      insert into sign_in_throttles as t (key, failures, last_failure_at) values (${keys[kind]}, 1, ${now})
      on conflict (key) do update set
        failures = case when t.last_failure_at < ${now}::timestamptz - ${FORGET_AFTER_MINUTES} * interval '1 minute'
          then 1 else t.failures + 1 end,
        last_failure_at = excluded.last_failure_at`);
    await q.execute(sql`
      update sign_in_throttles
      set blocked_until = ${now}::timestamptz
        + least(power(2, failures - ${FREE_FAILURES[kind]}), ${MAX_WAIT_MINUTES}) * interval '1 minute'
      where key = ${keys[kind]} and failures >= ${FREE_FAILURES[kind]}`);
  }
}

/** A right password clears the failures of that e-mail from that address. */
export async function recordSuccess(q: Queryable, login: string, address: string): Promise<void> {
  await q.delete(signInThrottles).where(inArray(signInThrottles.key, [keysOf(login, address).login]));
}

/** Drops keys with no failure for a day (a job), so typed e-mails do not pile up. */
export async function forgetOldFailures(deps: { db: Queryable; now: () => Date }): Promise<number> {
  const dayAgo = new Date(deps.now().getTime() - 86_400_000);
  const gone = await deps.db
    .delete(signInThrottles)
    .where(lt(signInThrottles.lastFailureAt, dayAgo))
    .returning({ key: signInThrottles.key });
  return gone.length;
}
