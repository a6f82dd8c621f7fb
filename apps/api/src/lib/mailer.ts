import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import { eq, inArray, sql } from 'drizzle-orm';
import { rows, type Queryable } from '../db/client';
import { outboxAttachments, outboxEmails } from '../db/schema';

/** A file sent with a mail (a scheduled report). */
type Attachment = { fileName: string; contentType: string; content: Buffer };

export type Mail = { to: string; subject: string; body: string; attachments?: Attachment[] };

/** How a mail leaves: over SMTP, or into the log when no SMTP server is configured (the embedded default). */
export type Mailer = { deliver(mail: Mail, id: number): Promise<void> };

export function createMailer(opts: { smtpUrl?: string; from: string; log: FastifyBaseLogger }): Mailer {
  if (!opts.smtpUrl) {
    return {
      async deliver(mail, id) {
        const attachments = mail.attachments?.map((a) => ({ fileName: a.fileName, bytes: a.content.length }));
        opts.log.info(
          { mailId: id, to: mail.to, subject: mail.subject, ...(attachments?.length ? { attachments } : {}) },
          `mail kept in the outbox:\n${mail.body}`,
        );
      },
    };
  }
  const transport = nodemailer.createTransport(opts.smtpUrl);
  return {
    async deliver(mail) {
      await transport.sendMail({
        from: opts.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.body,
        attachments: mail.attachments?.map((a) => ({
          filename: a.fileName,
          content: a.content,
          contentType: a.contentType,
        })),
      });
    },
  };
}

/**
 * Queues mails, with their attachments, in the caller's transaction, in two statements however
 * many: they leave only if that transaction commits. `at` is the moment by the caller's clock
 * (deps.now()); without it, the database's. Answers the mails' ids in the outbox, in order.
 */
export async function queueMails(q: Queryable, mails: Mail[], at?: Date): Promise<number[]> {
  if (!mails.length) return [];
  const ids = (
    await q
      .insert(outboxEmails)
      .values(
        mails.map((mail) => ({
          toAddress: mail.to,
          subject: mail.subject,
          body: mail.body,
          ...(at ? { createdAt: at, nextAttemptAt: at } : {}),
        })),
      )
      .returning({ id: outboxEmails.id })
  ).map((r) => r.id);
  const files = mails.flatMap((mail, i) =>
    (mail.attachments ?? []).map((a) => ({
      emailId: ids[i]!,
      fileName: a.fileName,
      contentType: a.contentType,
      content: a.content,
    })),
  );
  if (files.length) await q.insert(outboxAttachments).values(files);
  return ids;
}

/** `queueMails` for one mail; answers its id. */
export async function queueMail(q: Queryable, mail: Mail, at?: Date): Promise<number> {
  return (await queueMails(q, [mail], at))[0]!;
}

/** The attachments of the mails, by mail id. */
async function attachmentsOf(q: Queryable, emailIds: number[]): Promise<Map<number, Attachment[]>> {
  const byMail = new Map<number, Attachment[]>();
  if (!emailIds.length) return byMail;
  const found = await q
    .select()
    .from(outboxAttachments)
    .where(inArray(outboxAttachments.emailId, emailIds))
    .orderBy(outboxAttachments.id);
  for (const a of found) {
    const list = byMail.get(a.emailId) ?? [];
    list.push({ fileName: a.fileName, contentType: a.contentType, content: Buffer.from(a.content) });
    byMail.set(a.emailId, list);
  }
  return byMail;
}

/** Attempts before a mail is left failed; the wait doubles after each, up to an hour. */
export const MAIL_ATTEMPTS = 8;

/**
 * Delivers the mails that are due. Each is claimed by moving its next attempt on (so another
 * instance skips it, and a crash mid-delivery retries it later), then marked sent, or failed
 * with the error after the last attempt.
 */
export async function deliverMails(deps: { db: Queryable; mailer: Mailer; now: () => Date }): Promise<number> {
  const now = deps.now();
  const due = await rows<{ id: number; to_address: string; subject: string; body: string; attempts: number }>(
    deps.db,
    sql`
    update outbox_emails o
    set attempts = o.attempts + 1,
        next_attempt_at = ${now}::timestamptz + least(power(2, o.attempts), 60) * interval '1 minute'
    where o.id in (
      select id from outbox_emails
      where sent_at is null and failed_at is null and next_attempt_at <= ${now}
      order by next_attempt_at limit 20
      for update skip locked)
    returning o.id, o.to_address, o.subject, o.body, o.attempts`,
  );
  const attachments = await attachmentsOf(
    deps.db,
    due.map((m) => m.id),
  );
  for (const mail of due) {
    const files = attachments.get(mail.id);
    const done = await deps.mailer
      .deliver(
        { to: mail.to_address, subject: mail.subject, body: mail.body, ...(files ? { attachments: files } : {}) },
        mail.id,
      )
      .then(() => ({ sentAt: deps.now(), error: null }))
      .catch((err: unknown) => ({
        error: String(err),
        ...(mail.attempts >= MAIL_ATTEMPTS ? { failedAt: deps.now() } : {}),
      }));
    await deps.db.update(outboxEmails).set(done).where(eq(outboxEmails.id, mail.id));
  }
  return due.length;
}
