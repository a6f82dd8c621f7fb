import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type SmtpSink = {
  /** For createMailer's smtpUrl: smtp://127.0.0.1:<port> (plain, no authentication). */
  url: string;
  /** Every message received so far, parsed (attachments as Buffers), in order of arrival. */
  messages: ParsedMail[];
  /** Resolves once `n` messages have arrived in all; rejects after `timeoutMs`. */
  waitFor(n: number, timeoutMs?: number): Promise<ParsedMail[]>;
  stop(): Promise<void>;
};

/**
 * A real SMTP server on a free local port that keeps what it is sent: a test points a
 * mailer at `sink.url` and reads `sink.messages`.
 *
 *   const sink = await startSmtpSink();
 *   const mailer = createMailer({ smtpUrl: sink.url, from: 'portal@test.local', log });
 *   … await sink.waitFor(2); … await sink.stop();
 */
export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: ParsedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          messages.push(mail);
          for (const wake of waiters) wake();
          callback();
        },
        (err: Error) => callback(err),
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor(n, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (messages.length < n) return;
          cleanUp();
          resolve(messages.slice(0, n));
        };
        const timer = setTimeout(() => {
          cleanUp();
          reject(new Error(`the SMTP sink received ${messages.length} of ${n} messages`));
        }, timeoutMs);
        const cleanUp = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
