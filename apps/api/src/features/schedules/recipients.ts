import { createHash, randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { RECIPIENT_INVITATIONS_PER_DAY, type RecipientInvitation, type RecipientState } from '@portal/contract';
import { rows, type Queryable } from '../../db/client';
import { reportRecipients, sites } from '../../db/schema';
import type { Deps } from '../../deps';
import { AppError, notFound } from '../../lib/errors';
import { queueMails } from '../../lib/mailer';
import { confirmationMail } from './mail';

/**
 * Reports go only where the business says. A recipient that is an active user of the
 * property's business gets them as they are. Any other address (an Administrator's too: they
 * belong to no business, and telling them apart would tell a Site Owner which addresses are
 * Administrators) gets a link to confirm, and nothing else until it has: then the reports
 * without the guests' contact columns. A business sends at most RECIPIENT_INVITATIONS_PER_DAY
 * such links a day, and an address is asked again at most once a day.
 */

/** How long a confirmation link works. */
const INVITATION_DAYS = 14;
/** An address not yet confirmed is asked again, on a save that names it, after this long. */
const ASK_AGAIN_MS = 86_400_000;

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** Texts as one `text[]` parameter (each element quoted, `"` and `\` escaped). */
const textArray = (texts: readonly string[]) =>
  sql`${`{${texts.map((t) => `"${t.replace(/(["\\])/g, '\\$1')}"`).join(',')}}`}::text[]`;

/** Each address's state for the property: a user of its business, or outside and confirmed or not. */
export async function recipientStates(
  q: Queryable,
  site: { siteId: number; busEntityId: number },
  emails: readonly string[],
): Promise<Map<string, RecipientState>> {
  if (!emails.length) return new Map();
  const found = await rows<{ email: string; state: RecipientState }>(
    q,
    sql`
    select e.email, case
        when exists (select 1 from user_accounts u
          where lower(u.email) = e.email and u.active and u.bus_entity_id = ${site.busEntityId}) then 'user'
        when r.confirmed_at is not null then 'confirmed'
        else 'waiting' end as state
    from unnest(${textArray(emails)}) as e(email)
    left join report_recipients r on r.site_id = ${site.siteId} and r.email = e.email`,
  );
  return new Map(found.map((r) => [r.email, r.state]));
}

/**
 * Mails the link to confirm to each outside address of a schedule being saved that has not
 * confirmed and was not asked within a day, inside the save's transaction; refused (429) when
 * the business would send more than its daily number of such links.
 */
export async function inviteOutsiders(
  q: Queryable,
  deps: Pick<Deps, 'config'>,
  site: { siteId: number; busEntityId: number },
  reportName: string,
  emails: readonly string[],
  now: Date,
): Promise<void> {
  const states = await recipientStates(q, site, emails);
  const outside = emails.filter((e) => states.get(e) === 'waiting');
  if (!outside.length) return;
  const tokens = new Map(outside.map((email) => [email, randomBytes(18).toString('base64url')]));
  const asked = await q
    .insert(reportRecipients)
    .values(
      outside.map((email) => ({
        siteId: site.siteId,
        email,
        tokenHash: tokenHash(tokens.get(email)!),
        invitedAt: now,
      })),
    )
    .onConflictDoUpdate({
      target: [reportRecipients.siteId, reportRecipients.email],
      set: { tokenHash: sql`excluded.token_hash`, invitedAt: sql`excluded.invited_at` },
      setWhere: sql`${reportRecipients.confirmedAt} is null and ${reportRecipients.invitedAt} < ${new Date(now.getTime() - ASK_AGAIN_MS)}`,
    })
    .returning({ email: reportRecipients.email });
  if (!asked.length) return;
  const [sent] = await rows<{ n: number }>(
    q,
    sql`select count(*)::int as n from report_recipients r join sites s on s.id = r.site_id
    where s.bus_entity_id = ${site.busEntityId} and r.invited_at > ${new Date(now.getTime() - ASK_AGAIN_MS)}`,
  );
  if (sent!.n > RECIPIENT_INVITATIONS_PER_DAY) throw new AppError('tooManyRequests', 'recipientInvitationsLimit');
  const [names] = await rows<{ site_name: string; business_name: string }>(
    q,
    sql`select s.public_name as site_name, b.legal_name as business_name
    from sites s join business_entities b on b.id = s.bus_entity_id where s.id = ${site.siteId}`,
  );
  await queueMails(
    q,
    asked.map(({ email }) => ({
      to: email,
      ...confirmationMail({
        siteName: names!.site_name,
        businessName: names!.business_name,
        reportName,
        email,
        link: `${deps.config.publicUrl}/report-recipient/${tokens.get(email)}`,
        days: INVITATION_DAYS,
      }),
    })),
    now,
  );
}

/** The invitation a link names, while it works; else not found. */
async function invitationOf(q: Queryable, token: string, now: Date) {
  const [found] = await q
    .select({
      siteId: reportRecipients.siteId,
      email: reportRecipients.email,
      invitedAt: reportRecipients.invitedAt,
      confirmedAt: reportRecipients.confirmedAt,
      propertyName: sites.publicName,
    })
    .from(reportRecipients)
    .innerJoin(sites, eq(sites.id, reportRecipients.siteId))
    .where(eq(reportRecipients.tokenHash, tokenHash(token)));
  const expired =
    found && found.confirmedAt === null && now.getTime() - found.invitedAt.getTime() > INVITATION_DAYS * 86_400_000;
  if (!found || expired) throw notFound('link');
  return found;
}

const presentInvitation = (i: {
  propertyName: string;
  email: string;
  confirmedAt: Date | null;
}): RecipientInvitation => ({
  propertyName: i.propertyName,
  email: i.email,
  confirmed: i.confirmedAt !== null,
});

/** What the confirmation page shows (a mail scanner that opens the link confirms nothing). */
export async function invitation(deps: Deps, token: string): Promise<RecipientInvitation> {
  return presentInvitation(await invitationOf(deps.db, token, deps.now()));
}

/** The address confirms: the property's scheduled reports are mailed to it from the next run on. */
export async function confirm(deps: Deps, token: string): Promise<RecipientInvitation> {
  const now = deps.now();
  const found = await invitationOf(deps.db, token, now);
  if (found.confirmedAt === null) {
    await deps.db
      .update(reportRecipients)
      .set({ confirmedAt: now })
      .where(and(eq(reportRecipients.siteId, found.siteId), eq(reportRecipients.email, found.email)));
  }
  return presentInvitation({ ...found, confirmedAt: found.confirmedAt ?? now });
}
