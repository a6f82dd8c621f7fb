import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { administrators, call, Role } from '@portal/contract';
import { buildApp } from '../app';
import { businessEntities, deviceControlMessages } from '../db/schema';
import { buildBusiness, buildLocation, buildMeter, buildSite, buildUser, signIn } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';
import { conflict } from './errors';
import { forgetOldKeys } from './idempotency';
import { defineRoute } from '../access/route';

let t: TestApp;
let admin = '';
let other = '';
beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, await buildUser(t.deps.db, { roleId: Role.Administrator }));
  other = await signIn(t, await buildUser(t.deps.db, { roleId: Role.Administrator }));
});
afterAll(() => t.close());

const createBusiness = (legalName: string, key: string | undefined, token = admin) =>
  t.call<{ busEntityID: number }>({
    method: 'POST',
    url: '/api/Business/CreateBusEntity',
    token,
    payload: { legalName },
    headers: key === undefined ? {} : { 'idempotency-key': key },
  });

it('answers a retried create with the first answer and creates one record', async () => {
  const first = await createBusiness('Retry Holdings', '"a1b2c3-create"');
  const retry = await createBusiness('Retry Holdings', '"a1b2c3-create"');
  expect(retry.status).toBe(first.status);
  expect(retry.body).toEqual(first.body);
  expect(retry.headers['idempotent-replayed']).toBe('true');
  const rows = await t.deps.db.select().from(businessEntities).where(eq(businessEntities.legalName, 'Retry Holdings'));
  expect(rows).toHaveLength(1);
});

it('does one write for copies sent at once: each copy answers its answer, or that it is in progress', async () => {
  const copies = await Promise.all(Array.from({ length: 4 }, () => createBusiness('Copies Co', 'k-copies')));
  const answers = copies.map((c) => (c.status === 200 ? 'done' : `${c.status} ${c.body.messageCode}`));
  expect(answers.filter((a) => a !== 'done' && a !== '409 requestInProgress')).toEqual([]);
  expect(answers).toContain('done');
  const rows = await t.deps.db.select().from(businessEntities).where(eq(businessEntities.legalName, 'Copies Co'));
  expect(rows).toHaveLength(1);
});

it('refuses the same key for another request (422), and keys are per user', async () => {
  await createBusiness('Keyed Co', 'k-reused');
  const reused = await createBusiness('Other Co', 'k-reused');
  expect(reused.status).toBe(422);
  expect(reused.body.message).toBe('This Idempotency-Key was already used for another request.');
  expect((await createBusiness('Other Co', 'k-reused', other)).status).toBe(200);
});

it('lets a key go when the request failed, so the retry runs', async () => {
  await createBusiness('Taken Name Co', undefined);
  expect((await createBusiness('Taken Name Co', 'k-failed')).status).toBe(409);
  await t.deps.db.delete(businessEntities).where(eq(businessEntities.legalName, 'Taken Name Co'));
  expect((await createBusiness('Taken Name Co', 'k-failed')).status).toBe(200);
});

it('sends a device command once for a retried request', async () => {
  const site = await buildSite(t.deps.db, (await buildBusiness(t.deps.db)).id);
  const meter = await buildMeter(t.deps.db, { locationId: (await buildLocation(t.deps.db, site.id)).id, slot: 1 });
  const send = () =>
    t.call({
      method: 'PUT',
      url: '/api/SendDeviceControlMessage',
      token: admin,
      payload: { servicePointId: meter.id, requestedState: 1 },
      headers: { 'idempotency-key': 'cmd-1' },
    });
  const [a, b] = [await send(), await send()];
  expect([a.status, a.body.message]).toEqual([200, null]);
  expect(b.body).toEqual(a.body);
  const sent = await t.deps.db
    .select()
    .from(deviceControlMessages)
    .where(eq(deviceControlMessages.servicePointId, meter.id));
  expect(sent).toHaveLength(1);
});

it('refuses a malformed key and forgets answers after a day', async () => {
  expect((await createBusiness('Bad Key Co', 'has space')).status).toBe(400);
  await createBusiness('Old Key Co', 'k-old');
  t.clock.advance(25 * 3_600_000);
  expect(await forgetOldKeys(t.deps)).toBeGreaterThan(0);
  t.clock.set(new Date());
  expect((await createBusiness('Old Key Co', 'k-old')).status).toBe(409);
});

describe('a request that dies between its claim and its answer', () => {
  /**
   * A create whose process dies at `when`: before its transaction commits (PostgreSQL rolls it
   * back when the connection goes), or after, before its answer is written. A dead process
   * answers nothing: the request never ends. `fail` ends it with an error instead.
   */
  async function appDying(when: 'beforeCommit' | 'afterCommit' | 'fail') {
    const app = await buildApp({ deps: t.deps });
    const create = call({
      method: 'POST',
      path: '/api/test/create-or-die',
      key: ['test', 'createOrDie'],
      summary: 'test',
      tags: [],
      access: administrators,
      idempotent: true,
      body: z.object({ legalName: z.string() }),
      result: z.object({ id: z.number() }),
    });
    let dying = true;
    defineRoute(app, create, async ({ caller, body }) => {
      const died = () => new Promise<never>(() => undefined);
      const id = await caller.db
        .transaction(async (tx) => {
          const [row] = await tx.insert(businessEntities).values({ legalName: body.legalName }).returning();
          if (dying && when === 'beforeCommit') throw new Error('the process died');
          return row!.id;
        })
        .catch(async (err: unknown) => (dying ? died() : Promise.reject(err)));
      if (dying && when === 'afterCommit') return died();
      if (dying && when === 'fail') throw conflict('changedMeanwhile');
      return { id };
    });
    await app.ready();
    const send = (legalName: string) =>
      app.inject({
        method: 'POST',
        url: '/api/test/create-or-die',
        headers: { authorization: `Bearer ${admin}`, 'idempotency-key': `die-${legalName.replace(/\W/g, '')}` },
        payload: { legalName },
      });
    return {
      app,
      send,
      /** The first request, left hanging as a dead process leaves its client. */
      dies: (legalName: string) => {
        void send(legalName);
        return new Promise((r) => setTimeout(r, 300));
      },
      recover: () => {
        dying = false;
      },
    };
  }
  const businesses = (legalName: string) =>
    t.deps.db.select().from(businessEntities).where(eq(businessEntities.legalName, legalName));

  it('leaves no key behind when its transaction never committed: the retry does the write', async () => {
    const { app, dies, send, recover } = await appDying('beforeCommit');
    await dies('Never Committed Co');
    recover();
    const retry = await send('Never Committed Co');
    expect(retry.statusCode).toBe(200);
    expect(await businesses('Never Committed Co')).toHaveLength(1);
    expect((await send('Never Committed Co')).headers['idempotent-replayed']).toBe('true');
    await app.close();
  });

  it('answers a retry of a write that committed without its answer: in progress for a while, then done, never twice', async () => {
    const { app, dies, send, recover } = await appDying('afterCommit');
    await dies('Committed Co');
    recover();
    const soon = await send('Committed Co');
    expect([soon.statusCode, soon.json().messageCode]).toEqual([409, 'requestInProgress']);
    t.clock.advance(t.deps.config.devices.confirmWaitMs + 10_001);
    const later = await send('Committed Co');
    expect([later.statusCode, later.json().messageCode]).toEqual([409, 'requestAnswerLost']);
    expect(later.json().message).toBe(
      'This request was carried out, but its answer was lost. Reload to see the result.',
    );
    t.clock.set(new Date());
    expect(await businesses('Committed Co')).toHaveLength(1);
    await app.close();
  });

  it('keeps the failure of a request whose write had committed, for its retries', async () => {
    const { app, send, recover } = await appDying('fail');
    const first = await send('Failed After Co');
    expect(first.statusCode).toBe(409);
    recover();
    const retry = await send('Failed After Co');
    expect([retry.statusCode, retry.headers['idempotent-replayed']]).toEqual([409, 'true']);
    expect(retry.json()).toEqual(first.json());
    expect(await businesses('Failed After Co')).toHaveLength(1);
    await app.close();
  });
});
