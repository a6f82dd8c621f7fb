import type { Queryable } from '../db/client';
import { auditLog } from '../db/schema';
import { actorLabel, type Actor } from './actor';

export type AuditEntry = {
  action: string;
  entityType: string;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
  /** The account acted on by a visitor who proves to be its owner (signing in, a password reset). */
  userAccountId?: number | null;
};

/** Records who changed what, when, with the values before and after. */
export async function audit(q: Queryable, actor: Actor, entry: AuditEntry): Promise<void> {
  await auditAll(q, actor, [entry]);
}

/** `audit` for many changes in one statement. */
export async function auditAll(q: Queryable, actor: Actor, entries: AuditEntry[]): Promise<void> {
  if (!entries.length) return;
  await q.insert(auditLog).values(
    entries.map((entry) => ({
      action: entry.action,
      entityType: entry.entityType,
      entityId: entry.entityId == null ? null : String(entry.entityId),
      before: entry.before ?? null,
      after: entry.after ?? null,
      actor: actorLabel(actor),
      userAccountId: actor.kind === 'user' ? actor.user.userAccountId : (entry.userAccountId ?? null),
      ip: 'ip' in actor ? actor.ip : null,
    })),
  );
}
