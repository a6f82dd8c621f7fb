import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import { eq, sql } from 'drizzle-orm';
import { rows, type Queryable } from '../db/client';
import { outboxEmails } from '../db/schema';

export type Mail = { to: string; subject: string; body: string };

/** How a mail leaves: over SMTP, or into the log when no SMTP server is configured (the embedded default). */
export type Mailer = { deliver(mail: Mail, id: number): Promise<void> };

export function createMailer(opts: { smtpUrl?: string; from: string; log: FastifyBaseLogger }): Mailer {
  if (!opts.smtpUrl) {
    return {
      async deliver(mail, id) {
        opts.log.info({ mailId: id, to: mail.to, subject: mail.subject }, `mail kept in the outbox:\n${mail.body}`);
      },
    };
  }
  const transport = nodemailer.createTransport(opts.smtpUrl);
  return {
    async deliver(mail) {
      await transport.sendMail({ from: opts.from, to: mail.to, subject: mail.subject, text: mail.body });
    },
  };
}

/** Queues a mail in the caller's transaction: it leaves only if that transaction commits. */
export async function queueMail(q: Queryable, mail: Mail): Promise<void> {
  await q.insert(outboxEmails).values({ toAddress: mail.to, subject: mail.subject, body: mail.body });
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
  for (const mail of due) {
    const done = await deps.mailer
      .deliver({ to: mail.to_address, subject: mail.subject, body: mail.body }, mail.id)
      .then(() => ({ sentAt: deps.now(), error: null }))
      .catch((err: unknown) => ({
        error: String(err),
        ...(mail.attempts >= MAIL_ATTEMPTS ? { failedAt: deps.now() } : {}),
      }));
    await deps.db.update(outboxEmails).set(done).where(eq(outboxEmails.id, mail.id));
  }
  return due.length;
}
