import { and, eq, sql, type SQL } from 'drizzle-orm';
import {
  DEFAULT_CURRENCY,
  normalDecimal,
  type PublicStatement,
  type StatementTotal,
  type StayStatement,
  type TariffVersion,
  type TariffVersionInput,
} from '@portal/contract';
import type { Queryable, Tx } from '../../db/client';
import { tariffVersions } from '../../db/schema';
import type { Deps } from '../../deps';
import { audit } from '../../access/audit';
import { conflict, forbidden, invalid, notFound } from '../../lib/errors';
import type { SiteRef, StayRef } from '../../access/scope';
import { canManageSites } from '../../access/site-policy';
import { byLinkToken, linkExpiry, linkWorks, staffLink } from './links';
import {
  statementFacts,
  stayPhotos,
  tariffNumberOf,
  tariffsOf,
  tariffsOfStays,
  type StatementFacts,
  type TariffRow,
} from './queries';
import type { StayFiguresDbRow } from './stay-figures';
import { chargeOf, figuresOf, workedOut } from './figures';
import { reviseStatements, revisionsOf, supersededRevision } from './revisions';
import type { Context, UserContext } from '../../access/actor';
import { iso, isoOrNull } from '../../lib/instants';

/** A client's clock and the way there may put "now" a little in the past. */
const NOW_TOLERANCE_MS = 60_000;

/** The property's number of a tariff version (1, 2, … by moment), as SQL over the version's id: for reports. */
export const tariffVersionNumber = (versionId: SQL) => sql`(${tariffNumberOf(versionId)}->>'number')::int`;

export async function listTariffs(deps: Deps, site: SiteRef): Promise<TariffVersion[]> {
  return (await tariffsOf(deps.db, site.siteId)).map(presentTariff);
}

function presentTariff(row: TariffRow): TariffVersion {
  return {
    tariffVersionID: row.id,
    siteID: row.siteId,
    versionNumber: row.version_number,
    effectiveFrom: iso(row.effectiveFrom),
    sinceCreation: row.since_creation,
    currency: row.currency,
    electricRate: normalDecimal(row.electricRate),
    waterRate: normalDecimal(row.waterRate),
    electricBlocks: row.electricBlocks,
    fees: row.fees,
    minimumCharge: row.minimumCharge === null ? null : normalDecimal(row.minimumCharge),
    taxes: row.taxes,
    createdAt: iso(row.createdAt),
    createdBy: row.created_by,
  };
}

/**
 * A new version of a property's tariff from its moment on (now when left out; a moment a
 * minute or more in the past is refused). An Administrator or the property's Site Owner.
 */
export async function createTariff(
  ctx: UserContext,
  site: SiteRef,
  input: TariffVersionInput,
): Promise<{ tariffVersionID: number }> {
  const { user } = ctx.actor;
  if (!canManageSites(user) || site.deleted) throw forbidden();
  const now = ctx.now();
  const asked = input.effectiveFrom ? new Date(input.effectiveFrom) : now;
  if (asked.getTime() < now.getTime() - NOW_TOLERANCE_MS) throw invalid('effectiveFromPast', 'effectiveFrom');
  const effectiveFrom = asked < now ? now : asked;
  return ctx.db.transaction(async (tx) => {
    // one version a moment (the unique index decides a race; this names the field)
    const [taken] = await tx
      .select({ id: tariffVersions.id })
      .from(tariffVersions)
      .where(and(eq(tariffVersions.siteId, site.siteId), eq(tariffVersions.effectiveFrom, effectiveFrom)));
    if (taken) throw conflict('tariffMomentTaken', 'effectiveFrom');
    const [row] = await tx
      .insert(tariffVersions)
      .values({
        siteId: site.siteId,
        effectiveFrom,
        currency: input.currency,
        electricRate: input.electricRate,
        waterRate: input.waterRate,
        electricBlocks: input.electricBlocks,
        fees: input.fees,
        minimumCharge: input.minimumCharge,
        taxes: input.taxes,
        createdByUserId: user.userAccountId,
      })
      .returning();
    await audit(tx, ctx.actor, {
      action: 'createTariffVersion',
      entityType: 'site',
      entityId: site.siteId,
      after: row,
    });
    return { tariffVersionID: row!.id };
  });
}

/**
 * Property Settings' two rates, saved: when they differ from the version in effect, a new
 * version from now with them and everything else of that version. A version that takes effect
 * at that very moment refuses it (the unique index: 409 tariffMomentTaken).
 */
export async function ratesFromSettings(
  tx: Tx,
  siteId: number,
  rates: { billingRate: string; waterBillingRate: string },
  userId: number,
  now: Date,
): Promise<void> {
  const [current] = await tx
    .select()
    .from(tariffVersions)
    .where(and(eq(tariffVersions.siteId, siteId), sql`${tariffVersions.effectiveFrom} <= ${now}`))
    .orderBy(sql`${tariffVersions.effectiveFrom} desc, ${tariffVersions.id} desc`)
    .limit(1);
  const same = (a: string, b: string) => normalDecimal(a) === normalDecimal(b);
  if (current && same(current.electricRate, rates.billingRate) && same(current.waterRate, rates.waterBillingRate))
    return;
  // the rest of the version in effect; the columns' defaults (no fees, no taxes) without one
  const { currency, electricBlocks, fees, minimumCharge, taxes } = current ?? {};
  await tx.insert(tariffVersions).values({
    currency,
    electricBlocks,
    fees,
    minimumCharge,
    taxes,
    siteId,
    effectiveFrom: now,
    electricRate: rates.billingRate,
    waterRate: rates.waterBillingRate,
    createdByUserId: userId,
  });
}

function publicOf(f: StatementFacts, now: Date): PublicStatement {
  return {
    stayID: f.id,
    status: f.checkout_at === null ? 'open' : 'closed',
    propertyName: f.property_name,
    locationName: f.location_name,
    locationPublicName: f.location_public_name,
    timeZone: f.time_zone,
    checkInAt: iso(f.checkin_at),
    checkOutAt: isoOrNull(f.checkout_at),
    ...figuresOf(f, now),
    tariffVersionNumber: f.tariff_number?.number ?? null,
    tariffSinceCreation: f.tariff_number?.sinceCreation ?? false,
  };
}

/**
 * The staff's statement of a stay (its latest revision, or the one asked for), with its guest
 * link (links.ts) and the list of its revisions.
 */
export async function staffStatement(deps: Deps, stay: StayRef, revision?: number): Promise<StayStatement> {
  const [facts] = await statementFacts(deps.db, sql`st.id = ${stay.stayId}`);
  if (!facts) throw notFound('stay');
  const revisions = await revisionsOf(deps.db, stay.stayId);
  if (revision !== undefined && revision !== (revisions[0]?.revision ?? 1)) {
    const older = await supersededRevision(deps.db, stay.stayId, revision);
    if (!older) throw notFound('statement');
    facts.statement = older;
  }
  const now = deps.now();
  const publicUrl = await staffLink(deps, facts, now);
  const expiry = linkExpiry(deps, facts);
  const expired = expiry !== null && now >= expiry;
  return {
    ...publicOf(facts, now),
    guestName: facts.guest_name,
    publicUrl,
    linkExpiresAt: publicUrl === null ? null : isoOrNull(expiry),
    // a revoked link can be issued again, an expired one cannot
    linkRevokedAt: expired ? null : isoOrNull(facts.statement_revoked_at),
    revisions: revisions.map((r) => ({
      revision: r.revision,
      revisedAt: r.revised_at,
      revisionReason: r.reason,
      total: r.total,
    })),
    photos: await stayPhotos(deps.db, stay.stayId),
  };
}

/** The guest's page: a wrong, revoked or expired link is not found, and says nothing more. */
export async function publicStatementByToken(deps: Deps, token: string): Promise<PublicStatement> {
  const [facts] = await statementFacts(deps.db, byLinkToken(token));
  const now = deps.now();
  if (!facts || !linkWorks(deps, facts, now)) throw notFound('statement');
  return publicOf(facts, now);
}

/**
 * Freezes the statements of closed stays that have none: check-out does it for its stay in its
 * transaction; the job for stays closed before statements existed.
 */
export async function freezeStatements(q: Queryable, where: SQL, now: Date): Promise<number> {
  const open = await statementFacts(q, sql`st.checkout_at is not null and st.statement is null and ${where}`);
  if (!open.length) return 0;
  const frozen = open.map((facts) => ({ id: facts.id, statement: workedOut(facts, now) }));
  await q.execute(sql`
    update stays st set statement = x.statement, statement_total = (x.statement->>'total')::numeric
    from json_to_recordset(${JSON.stringify(frozen)}::json) as x(id int, statement jsonb)
    where st.id = x.id and st.statement is null`);
  return open.length;
}

/**
 * The job: statements of closed stays queued for review, worked out again (revised where their
 * figures changed); then older closed stays frozen, a batch at a time.
 */
export async function settleStatements(ctx: Context): Promise<number> {
  const revised = await ctx.db.transaction((tx) => reviseStatements(tx, ctx.actor, sql`true`, ctx.now()));
  const frozen = await freezeStatements(
    ctx.db,
    sql`st.id in (select id from stays where checkout_at is not null and statement is null order by id limit 500)`,
    ctx.now(),
  );
  return revised + frozen;
}

/** A stay as the lists read it: its times, zone, usage of each unit and frozen total (`stayFigures`). */
export type ListedStay = StayFiguresDbRow & {
  id: number;
  checkin_at: Date | string;
  checkout_at: Date | string | null;
  time_zone: string;
};

/**
 * The statement totals of the stays a list shows: frozen ones as stored, the others worked out
 * as of now from the usage the list read, with one more query for their tariffs.
 */
export async function statementTotals(
  q: Queryable,
  stays: ListedStay[],
  now: Date,
): Promise<Map<number, StatementTotal>> {
  const out = new Map<number, StatementTotal>();
  const open = stays.filter((st) => st.frozen_total === null);
  const tariffs = new Map(
    open.length
      ? (
          await tariffsOfStays(
            q,
            open.map((st) => st.id),
          )
        ).map((t) => [t.id, t.tariff])
      : [],
  );
  for (const st of stays) {
    if (st.frozen_total !== null) {
      out.set(st.id, { total: st.frozen_total, currency: st.frozen_currency ?? DEFAULT_CURRENCY });
      continue;
    }
    const tariff = tariffs.get(st.id) ?? null;
    const use = {
      kwh: st.kwh === null ? null : normalDecimal(st.kwh),
      gallons: st.gal === null ? null : normalDecimal(st.gal),
    };
    out.set(st.id, {
      total: chargeOf({ ...st, tariff }, use, now).bill.total,
      currency: tariff?.currency ?? DEFAULT_CURRENCY,
    });
  }
  return out;
}
