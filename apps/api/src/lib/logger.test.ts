import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { administrators, call } from '@portal/contract';
import { buildApp } from '../app';
import { businessEntities } from '../db/schema';
import { buildBusiness, buildUser, signIn } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';
import { createLogger } from './logger';
import { defineRoute } from '../access/route';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A logger as the server's, writing its lines here. */
function capture() {
  const lines: string[] = [];
  const out = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { log: createLogger('info', out), lines };
}

const SECRET_NAME = 'Guest Phone (555) 010-4242';

it.each([
  [
    'a unique index',
    (db: TestApp['deps']['db']) => db.insert(businessEntities).values({ legalName: SECRET_NAME }),
    /duplicate key value violates unique constraint "…"/,
  ],
  [
    'a value a column cannot hold',
    (db: TestApp['deps']['db']) => db.execute(sql`select ${SECRET_NAME}::int`),
    /invalid input syntax for type integer: "…"/,
  ],
])(
  'logs a database refusal (%s) with its SQL and code, never the values of the statement',
  async (_, statement, message) => {
    await buildBusiness(t.deps.db, SECRET_NAME).catch(() => undefined);
    const { log, lines } = capture();
    const app = await buildApp({ deps: t.deps, logger: log });
    const probe = call({
      method: 'POST',
      path: '/api/test/refused',
      key: ['test', 'refused'],
      summary: 'test',
      tags: [],
      access: administrators,
      result: z.null(),
    });
    defineRoute(app, probe, async ({ caller }) => {
      await statement(caller.db);
    });
    await app.ready();
    const token = await signIn(t, await buildUser(t.deps.db));
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/refused',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(res.json().messageCode === 'invalidInput' ? 400 : 409);
    const logged = lines.find((l) => l.includes('refused by the database'));
    expect(logged).toBeDefined();
    expect(logged).not.toContain('555');
    expect(logged).not.toMatch(/params:/);
    const { err } = JSON.parse(logged!) as { err: { message: string; code: string } };
    expect(err.code).toMatch(/^(23505|22P02)$/);
    expect(err.message).toMatch(/^Failed query: (insert into "business_entities"|select \$1::int)/);
    expect(err.message).toMatch(message);
    await app.close();
  },
);
