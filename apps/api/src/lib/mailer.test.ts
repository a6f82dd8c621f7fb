import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { outboxEmails } from '../db/schema';
import { createTestApp, type TestApp } from '../test/harness';
import type { FastifyBaseLogger } from 'fastify';
import { createMailer, deliverMails, MAIL_ATTEMPTS, queueMail, type Mail } from './mailer';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A mail server that is down until `up` is set. */
function flakyServer() {
  const server = { up: false, delivered: [] as Mail[] };
  const mailer = {
    async deliver(mail: Mail) {
      if (!server.up) throw new Error('connect ECONNREFUSED 127.0.0.1:25');
      server.delivered.push(mail);
    },
  };
  return { server, deps: { db: t.deps.db, mailer, now: t.clock.now } };
}

const mail = (to: string): Mail => ({ to, subject: 'Hello', body: 'Body' });
const rowTo = async (to: string) =>
  (await t.deps.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, to)))[0]!;

it('sends a queued mail once the server answers again, waiting longer after each failure', async () => {
  const { server, deps } = flakyServer();
  await queueMail(t.deps.db, mail('retry@test.local'));
  await deliverMails(deps);
  const failed = await rowTo('retry@test.local');
  expect(failed).toMatchObject({ attempts: 1, sentAt: null, failedAt: null });
  expect(failed.error).toMatch(/ECONNREFUSED/);
  expect(failed.nextAttemptAt.getTime()).toBeGreaterThan(t.clock.now().getTime());

  await deliverMails(deps); // not due yet
  expect((await rowTo('retry@test.local')).attempts).toBe(1);

  server.up = true;
  t.clock.advance(60_000);
  await deliverMails(deps);
  t.clock.set(new Date());
  expect(server.delivered.map((m) => m.to)).toEqual(['retry@test.local']);
  expect((await rowTo('retry@test.local')).sentAt).not.toBeNull();
});

it('leaves a mail failed, with its error, after the last attempt, and tries it no more', async () => {
  const { deps } = flakyServer();
  await queueMail(t.deps.db, mail('never@test.local'));
  for (let i = 0; i < MAIL_ATTEMPTS + 2; i++) {
    await deliverMails(deps);
    t.clock.advance(61 * 60_000);
  }
  t.clock.set(new Date());
  expect(await rowTo('never@test.local')).toMatchObject({ attempts: MAIL_ATTEMPTS, sentAt: null });
  expect((await rowTo('never@test.local')).failedAt).not.toBeNull();
});

it('never sends a mail whose transaction rolled back', async () => {
  const { server, deps } = flakyServer();
  server.up = true;
  await t.deps.db
    .transaction(async (tx) => {
      await queueMail(tx, mail('rolledback@test.local'));
      throw new Error('the request failed after queuing');
    })
    .catch(() => {});
  await deliverMails(deps);
  expect(server.delivered).toEqual([]);
});

it('hands a mail its attachments, byte for byte; the log-only mailer names them and their sizes', async () => {
  const { server, deps } = flakyServer();
  server.up = true;
  const content = Buffer.from([0xef, 0xbb, 0xbf, 0x41, 0x2c, 0x42, 0x0d, 0x0a, 0x00, 0xff]);
  await queueMail(
    t.deps.db,
    { ...mail('attached@test.local'), attachments: [{ fileName: 'r.csv', contentType: 'text/csv', content }] },
    t.clock.now(),
  );
  await deliverMails(deps);
  const sent = server.delivered.find((m) => m.to === 'attached@test.local')!;
  expect(sent.attachments).toEqual([{ fileName: 'r.csv', contentType: 'text/csv', content }]);

  const logged: unknown[] = [];
  const log = { info: (obj: unknown) => logged.push(obj) } as unknown as FastifyBaseLogger;
  await createMailer({ from: 'portal@test.local', log }).deliver(sent, 1);
  expect(logged).toEqual([expect.objectContaining({ attachments: [{ fileName: 'r.csv', bytes: 10 }] })]);
});
