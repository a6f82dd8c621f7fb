import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/client';
import { auditLog } from '../db/schema';

export type AuditEntry = {
  action: string;
  entityType: string;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
  /** Defaults to the signed-in caller of the request. */
  userAccountId?: number | null;
};

/** Records who changed what, when, with the values before and after. */
export async function audit(q: Queryable, req: FastifyRequest | null, entry: AuditEntry): Promise<void> {
  await auditAll(q, req, [entry]);
}

/** `audit` for many changes in one statement. */
export async function auditAll(q: Queryable, req: FastifyRequest | null, entries: AuditEntry[]): Promise<void> {
  if (!entries.length) return;
  await q.insert(auditLog).values(
    entries.map((entry) => ({
      action: entry.action,
      entityType: entry.entityType,
      entityId: entry.entityId == null ? null : String(entry.entityId),
      before: entry.before ?? null,
      after: entry.after ?? null,
      userAccountId: entry.userAccountId ?? req?.principal?.userAccountId ?? null,
      ip: req?.ip ?? null,
    })),
  );
}
