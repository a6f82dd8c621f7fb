import { sql, type SQL } from 'drizzle-orm';
import {
  type FrozenStatement,
  type StatementChange,
  type StatementMeter,
  type StatementRevisionReason,
} from '@portal/contract';
import { intArray, rows, type Queryable, type Tx } from '../../db/client';
import type { Actor, Context } from '../../access/actor';
import { auditAll } from '../../access/audit';
import { queueWebhookEvents } from '../../hub/webhook-events';
import { refreshStayFigures } from './stay-figures';
import { asStored, workedOut } from './figures';
import { statementFacts } from './queries';

/** Which of a meter's readings on a statement were estimated: `opening`, `closing`, `both`, or null for none. */
function estimatedOf(m: StatementMeter | undefined): string | null {
  if (m?.openingEstimated && m.closingEstimated) return 'both';
  return m?.openingEstimated ? 'opening' : m?.closingEstimated ? 'closing' : null;
}

/**
 * What a revision changed: each meter's readings, usage and readings under review, each line's
 * amount (by its kind and description) and the total. A figure that appears or goes (a line
 * the minimum charge no longer needs) changes from or to null.
 */
function changesBetween(before: FrozenStatement, after: FrozenStatement): StatementChange[] {
  const out: StatementChange[] = [];
  const differ = (item: string, field: StatementChange['field'], a: string | null, b: string | null) => {
    if (a !== b) out.push({ item, field, before: a, after: b });
  };
  const meters = new Set([...before.meters, ...after.meters].map((m) => m.servicePointID));
  for (const id of meters) {
    const a = before.meters.find((m) => m.servicePointID === id);
    const b = after.meters.find((m) => m.servicePointID === id);
    const name = (b ?? a)!.meterName;
    differ(name, 'openingReading', a?.openingReading ?? null, b?.openingReading ?? null);
    differ(name, 'closingReading', a?.closingReading ?? null, b?.closingReading ?? null);
    differ(name, 'usage', a?.usage ?? null, b?.usage ?? null);
    differ(name, 'underReview', String(a?.underReview ?? 0), String(b?.underReview ?? 0));
    differ(name, 'estimated', estimatedOf(a), estimatedOf(b));
  }
  const key = (l: FrozenStatement['lines'][number]) => `${l.kind} ${l.description}`;
  const lines = new Map<string, [string | null, string | null, string]>();
  for (const l of before.lines) lines.set(key(l), [l.amount, null, l.description]);
  for (const l of after.lines) lines.set(key(l), [lines.get(key(l))?.[0] ?? null, l.amount, l.description]);
  for (const [a, b, description] of lines.values()) differ(description, 'amount', a, b);
  differ('', 'total', before.total, after.total);
  return out;
}

type Due = { stay_id: number; reason: StatementRevisionReason; user_account_id: number | null };

/** How many reviews one run takes on. */
const REVIEWS_A_RUN = 200;

/**
 * Works out again the statements of the closed stays queued for review (`statement_reviews`,
 * those the condition on `x` picks), as the readings stand now: each stay's meter figures are
 * refreshed, and a frozen statement whose figures differ becomes a new revision (number, date,
 * reason, what changed), the one it replaces kept in `statement_revisions`; a stay not yet
 * frozen is left to the freezing with its figures refreshed. Each revision is audited under whoever caused it.
 * Reviews are claimed with SKIP LOCKED, so instances share them. Returns the revisions made.
 */
export async function reviseStatements(tx: Tx, actor: Actor, where: SQL, now: Date): Promise<number> {
  const due = await rows<Due>(
    tx,
    sql`
    delete from statement_reviews r
    where r.stay_id in (
      select x.stay_id from statement_reviews x where ${where}
      order by x.stay_id limit ${REVIEWS_A_RUN} for update skip locked)
    returning r.stay_id, r.reason, r.user_account_id`,
  );
  if (!due.length) return 0;
  const ids = intArray(due.map((d) => d.stay_id));
  await refreshStayFigures(tx, sql`st.id = any(${ids})`);
  const cause = new Map(due.map((d) => [d.stay_id, d]));
  const revised = (await statementFacts(tx, sql`st.id = any(${ids}) and st.statement is not null`, { fresh: true }))
    .map((f) => {
      const current = asStored(f.statement!);
      const next = workedOut(f, now);
      const changes = changesBetween(current, next);
      const { reason, user_account_id } = cause.get(f.id)!;
      const revision: FrozenStatement = {
        ...next,
        revision: current.revision + 1,
        revisedAt: now.toISOString(),
        revisionReason: reason,
        changes,
      };
      return { id: f.id, current, revision, userAccountId: user_account_id };
    })
    .filter((r) => r.revision.changes.length);
  if (!revised.length) return 0;
  await tx.execute(sql`
    insert into statement_revisions (stay_id, revision, statement, superseded_at)
    select x.id, x.revision, x.statement, ${now}
    from json_to_recordset(${JSON.stringify(revised.map((r) => ({ id: r.id, revision: r.current.revision, statement: r.current })))}::json)
      as x(id int, revision int, statement jsonb)`);
  await tx.execute(sql`
    update stays st set statement = x.statement, statement_total = (x.statement->>'total')::numeric
    from json_to_recordset(${JSON.stringify(revised.map((r) => ({ id: r.id, statement: r.revision })))}::json)
      as x(id int, statement jsonb)
    where st.id = x.id`);
  await auditAll(
    tx,
    actor,
    revised.map((r) => ({
      action: 'reviseStatement',
      entityType: 'stay',
      entityId: r.id,
      before: { revision: r.current.revision, total: r.current.total },
      after: { revision: r.revision.revision, total: r.revision.total, reason: r.revision.revisionReason },
      userAccountId: r.userAccountId,
    })),
  );
  const siteOf = new Map(
    (
      await rows<{ id: number; site_id: number }>(
        tx,
        sql`select id, site_id from stays where id = any(${intArray(revised.map((r) => r.id))})`,
      )
    ).map((st) => [st.id, st.site_id]),
  );
  await queueWebhookEvents(
    tx,
    revised.map((r) => ({
      siteId: siteOf.get(r.id)!,
      type: 'statement.revised',
      stayId: r.id,
      data: { stayID: r.id, previousTotal: r.current.total, statement: r.revision },
    })),
    now,
  );
  return revised.length;
}

/** The condition on `statement_reviews x` of the stays a meter was in. */
export const staysOfMeter = (meterId: number) =>
  sql`x.stay_id in (select sm.stay_id from stay_meters sm where sm.service_point_id = ${meterId})`;

/** Revises at once the statements a reading of one meter queued for review (else the job does, within seconds). */
export function reviseStaysOfMeter(ctx: Context, meterId: number): Promise<number> {
  return ctx.db.transaction((tx) => reviseStatements(tx, ctx.actor, staysOfMeter(meterId), ctx.now()));
}

export type RevisionSummaryRow = {
  revision: number;
  revised_at: string | null;
  reason: StatementRevisionReason | null;
  total: string;
};

/** Every revision of a stay's statement, newest first: the current one and those it replaced. */
export function revisionsOf(q: Queryable, stayId: number): Promise<RevisionSummaryRow[]> {
  return rows<RevisionSummaryRow>(
    q,
    sql`
    select coalesce((s->>'revision')::int, 1) as revision, s->>'revisedAt' as revised_at, s->>'revisionReason' as reason,
      s->>'total' as total
    from (
      select st.statement as s from stays st where st.id = ${stayId} and st.statement is not null
      union all
      select r.statement from statement_revisions r where r.stay_id = ${stayId}
    ) x
    order by 1 desc`,
  );
}

/** A revision of a stay's statement that a later one replaced; null when there is none of that number. */
export async function supersededRevision(
  q: Queryable,
  stayId: number,
  revision: number,
): Promise<FrozenStatement | null> {
  const [row] = await rows<{ statement: FrozenStatement }>(
    q,
    sql`select statement from statement_revisions where stay_id = ${stayId} and revision = ${revision}`,
  );
  return row ? asStored(row.statement) : null;
}
