import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Role } from '@portal/contract';
import { businessEntities, deviceControlMessages } from '../db/schema';
import { buildBusiness, buildLocation, buildMeter, buildSite, buildUser, signIn } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';
import { forgetOldKeys } from './idempotency';

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
