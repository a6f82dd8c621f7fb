import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import * as schema from '../../db/schema';
import type { Db } from '../../db/client';
import { buildUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';

/** Every Argon2 call the sign-in makes, with the cost parameters of the hash it checks against. */
const argon = vi.hoisted(() => ({ calls: [] as string[] }));
vi.mock('@node-rs/argon2', async (original) => {
  const real = await original<typeof import('@node-rs/argon2')>();
  return {
    ...real,
    hash: (...args: Parameters<typeof real.hash>) => {
      argon.calls.push('hash');
      return real.hash(...args);
    },
    verify: (stored: string, ...rest: [string]) => {
      argon.calls.push(`verify ${/\$m=\d+,t=\d+,p=\d+\$/.exec(stored)?.[0]}`);
      return real.verify(stored, ...rest);
    },
  };
});

const { authenticate } = await import('./service');
const { hashPassword } = await import('./passwords');

/**
 * Sign-in answers a known and an unknown e-mail alike, and spends the same work on both: the
 * same statements and the same Argon2 check. Counted, not timed (a timer on a shared machine
 * proves nothing either way). Its own file: the first unknown e-mail of the process is measured.
 */
let t: TestApp;
let statements: string[] = [];
let counted: Db;

beforeAll(async () => {
  t = await createTestApp();
  const logger = { logQuery: (query: string) => statements.push(query) };
  const client = (t.deps.db as unknown as { $client: unknown }).$client;
  counted = (t.deps.database.driver === 'pglite'
    ? drizzlePglite(client as PGlite, { schema, casing: 'snake_case', logger })
    : drizzlePg(client as pg.Pool, { schema, casing: 'snake_case', logger })) as unknown as Db;
});
afterAll(() => t.close());

async function workOf(email: string, password: string, ip: string) {
  statements = [];
  argon.calls = [];
  const visitor = { ...t.deps, db: counted, actor: { kind: 'visitor', ip } as const, log: t.app.log };
  const answer = await authenticate(visitor, email, password).catch((e: Error) => e.message);
  return { answer, statements: [...statements], argon: [...argon.calls] };
}

it('does the same work for an unknown e-mail, an account without a password, an inactive one and a wrong password', async () => {
  const known = await buildUser(t.deps.db);
  const inactive = await buildUser(t.deps.db, { active: false });
  const invited = await buildUser(t.deps.db);
  await t.deps.db.update(schema.userAccounts).set({ passwordHash: null }).where(eq(schema.userAccounts.id, invited.id));
  // the first unknown e-mail since the process started comes first
  const unknown = await workOf('nobody-at-all@test.local', 'Wrong#2026', '10.3.0.1');
  const wrong = await workOf(known.email, 'Wrong#2026', '10.3.0.2');
  const noPassword = await workOf(invited.email, 'Wrong#2026', '10.3.0.3');
  const notActive = await workOf(inactive.email, inactive.password, '10.3.0.4');
  const params = /\$m=\d+,t=\d+,p=\d+\$/.exec(await hashPassword('Any#Password1'))![0];
  expect(wrong).toEqual({
    answer: 'The login detail is incorrect',
    statements: expect.any(Array),
    argon: [`verify ${params}`],
  });
  for (const other of [unknown, noPassword, notActive]) expect(other).toEqual(wrong);
});
