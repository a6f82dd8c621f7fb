import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Role } from '@portal/contract';
import { buildBusiness, buildLocation, buildSite, buildUser, signIn } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';

/**
 * Every answer with a message names it by its catalogue code and parameters beside the
 * English text, so that a client shows it in its user's language without reading the text.
 */
let t: TestApp;
let admin = '';
beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, await buildUser(t.deps.db, { roleId: Role.Administrator }));
});
afterAll(() => t.close());

describe('a failure names its message', () => {
  it('an AppError: its code and parameters', async () => {
    const res = await t.call({
      method: 'DELETE',
      url: '/api/DeleteLocationWithSetting?locationId=999999',
      token: admin,
    });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      success: false,
      result: { code: 'notFound' },
      message: 'The requested location is not found',
      messageCode: 'requestedNotFound',
      messageParams: { name: 'location' },
      statusCode: 404,
      exceptionMessage: null,
    });
  });

  it('invalid input: the first field message, and every field with its code', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/Business/CreateBusEntity',
      token: admin,
      payload: { legalName: '' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      result: { code: 'invalid', errors: [{ field: 'legalName', code: 'provideBusinessName' }] },
      messageCode: 'provideBusinessName',
      messageParams: {},
    });
    expect(res.body.message).toBe('Please provide Business Entity Name');
  });

  it('no token: 401 with its code', async () => {
    const res = await t.call({ method: 'GET', url: '/api/me' });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ result: { code: 'unauthenticated' }, messageCode: 'notAuthenticated' });
  });

  it('an unknown API path: 404 with its code', async () => {
    const res = await t.call({ method: 'GET', url: '/api/no/such/thing' });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({
      success: false,
      result: { code: 'notFound' },
      message: 'Not found',
      messageCode: 'notFound',
      messageParams: {},
    });
  });

  describe('on routes made for the test', () => {
    let app: FastifyInstance;
    beforeAll(async () => {
      const { buildApp } = await import('../app');
      const { defineRoute } = await import('../access/route');
      app = await buildApp({ deps: t.deps });
      const base = { summary: 'test', tags: [], access: 'public' } as const;
      defineRoute(
        app,
        { ...base, method: 'POST', path: '/api/test/duplicateBusiness', key: ['test', 'duplicate'], result: z.null() },
        // a write that loses to one committed first, as a race past the service's check does
        async ({ caller }) => {
          await buildBusiness(caller.db, 'Taken Name Ltd');
          await buildBusiness(caller.db, 'taken name ltd');
        },
      );
      defineRoute(
        app,
        {
          ...base,
          method: 'GET',
          path: '/api/test/limited',
          key: ['test', 'limited'],
          rateLimit: 1,
          result: z.string(),
        },
        async () => 'ok',
      );
      await app.ready();
    });
    afterAll(() => app.close());

    it('a unique index the database enforced: 409 with the index message', async () => {
      const res = await app.inject({ method: 'POST', url: '/api/test/duplicateBusiness' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        result: { code: 'conflict' },
        message: 'A business entity with this name already exists.',
        messageCode: 'businessNameTaken',
        messageParams: {},
      });
    });

    it('a rate limit: 429 with its code', async () => {
      expect((await app.inject({ method: 'GET', url: '/api/test/limited' })).statusCode).toBe(200);
      const res = await app.inject({ method: 'GET', url: '/api/test/limited' });
      expect(res.statusCode).toBe(429);
      expect(res.json()).toMatchObject({
        success: false,
        result: { code: 'tooManyRequests' },
        messageCode: 'tooManyAttempts',
        messageParams: {},
        statusCode: 429,
      });
    });
  });
});

describe('a success with a message names it', () => {
  it('with its parameters', async () => {
    const site = await buildSite(t.deps.db, (await buildBusiness(t.deps.db)).id);
    const location = await buildLocation(t.deps.db, site.id);
    const res = await t.call({
      method: 'DELETE',
      url: `/api/DeleteLocationWithSetting?locationId=${location.id}`,
      token: admin,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      message: 'Location deleted successfully',
      messageCode: 'locationActionDone',
      messageParams: { action: 'delete' },
    });
  });

  it('and none when it has no message', async () => {
    const res = await t.call({ method: 'GET', url: '/api/me', token: admin });
    expect(res.status).toBe(200);
    expect(res.body.message).toBeNull();
    expect(res.body).not.toHaveProperty('messageCode');
    expect(res.body).not.toHaveProperty('messageParams');
  });
});

it('the OpenAPI document describes the code and parameters of every answer', async () => {
  type Schema = { properties: Record<string, { type?: string; description?: string }> };
  type Responses = Record<string, { content: { 'application/json': { schema: Schema } } }>;
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, { responses: Responses }>>;
  };
  const responses = doc.paths['/api/Business/CreateBusEntity']!.post!.responses;
  for (const status of ['2XX', '4XX', '5XX']) {
    const { properties } = responses[status]!.content['application/json'].schema;
    expect(properties.messageCode).toMatchObject({ type: 'string', description: expect.stringContaining('code') });
    expect(properties.messageParams).toMatchObject({ type: 'object' });
  }
});
