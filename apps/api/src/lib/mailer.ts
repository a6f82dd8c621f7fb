import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import { eq } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { outboxEmails } from '../db/schema';

export type Mail = { to: string; subject: string; body: string };

export type Mailer = {
  /** Records the mail in the outbox, then delivers it over SMTP when one is configured. */
  send(q: Queryable, mail: Mail): Promise<void>;
};

export function createMailer(opts: { smtpUrl?: string; from: string; log: FastifyBaseLogger }): Mailer {
  const transport: Transporter | null = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  return {
    async send(q, mail) {
      const [row] = await q
        .insert(outboxEmails)
        .values({ toAddress: mail.to, subject: mail.subject, body: mail.body })
        .returning({ id: outboxEmails.id });
      if (!transport) {
        opts.log.info(
          { mailId: row!.id, to: mail.to, subject: mail.subject },
          `mail kept in the outbox:\n${mail.body}`,
        );
        return;
      }
      try {
        await transport.sendMail({ from: opts.from, to: mail.to, subject: mail.subject, text: mail.body });
        await q.update(outboxEmails).set({ sentAt: new Date() }).where(eq(outboxEmails.id, row!.id));
      } catch (err) {
        opts.log.error({ err, mailId: row!.id }, 'mail delivery failed');
        await q
          .update(outboxEmails)
          .set({ error: String(err) })
          .where(eq(outboxEmails.id, row!.id));
      }
    },
  };
}
