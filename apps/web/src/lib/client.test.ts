// @vitest-environment happy-dom
import { api, type Call, Role } from '@portal/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../test/api';
import { signInAs } from '../test/render';
import { ApiError } from './apiError';
import { client } from './client';

const calls: Array<{ group: string; name: string; call: Call }> = Object.entries(api).flatMap(([group, table]) =>
  Object.entries(table as Record<string, Call>).map(([name, call]) => ({ group, name, call })),
);
const pathOf = (c: Call) => c.path.replace(/^\/api\//, '');
type Send = (input?: object) => Promise<unknown>;
const isSend = (value: unknown): value is Send => typeof value === 'function';
function sender(group: string, name: string): Send {
  const table = Object.entries(client).find(([key]) => key === group)?.[1] ?? {};
  const send: unknown = Object.entries(table).find(([key]) => key === name)?.[1];
  if (!isSend(send)) throw new Error(`the client has no ${group}.${name}`);
  return send;
}

beforeEach(() => signInAs(Role.Administrator));
afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

describe('the Idempotency-Key of the typed client', () => {
  it('goes with every create and command of the route table, a new one each call, and with no other call', async () => {
    const server = mockApi(
      Object.fromEntries(calls.map(({ call }) => [`${call.method} ${pathOf(call)}`, () => ({ result: null })])),
    );
    for (const { group, name, call } of calls) {
      if (call.produces || call.path.includes(':')) continue;
      const send = sender(group, name);
      await send({}).catch(() => undefined);
      await send({}).catch(() => undefined);
      const [a, b] = server.callsTo(`${call.method} ${pathOf(call)}`).slice(-2);
      const keys = [a!.headers.get('idempotency-key'), b!.headers.get('idempotency-key')];
      if (call.idempotent) {
        expect(keys[0], `${group}.${name}`).toMatch(/^[A-Za-z0-9_-]{22,}$/);
        expect(keys[1]).not.toBe(keys[0]);
      } else expect(keys, `${group}.${name}`).toEqual([null, null]);
    }
    expect(calls.filter((c) => c.call.idempotent).length).toBeGreaterThan(10);
  });

  it('sends a create again with the same key when the connection was lost, the server was away or the first is still running', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const answers: Array<() => Response | Promise<Response>> = [
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => new Response('<html>Bad Gateway</html>', { status: 502 }),
      () =>
        envelope(409, {
          success: false,
          result: { code: 'conflict' },
          message: 'The same request is still being handled. Please try again in a moment.',
          messageCode: 'requestInProgress',
        }),
      () => envelope(200, { success: true, result: { busEntityID: 5, legalName: 'Retry Co' }, message: null }),
    ];
    const fetchMock = vi.fn((_url: string, _init: RequestInit) => answers.shift()!());
    vi.stubGlobal('fetch', fetchMock);
    const created = client.businesses.create({ body: { legalName: 'Retry Co' } });
    await vi.runAllTimersAsync();
    expect((await created).result).toMatchObject({ busEntityID: 5 });
    const keys = fetchMock.mock.calls.map(([, init]) => new Headers(init.headers).get('idempotency-key'));
    expect(keys).toHaveLength(4);
    expect(new Set(keys).size).toBe(1);
  });

  it('gives up after its retries, and never sends again a call without a key', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const fetchMock = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', fetchMock);
    const created = client.businesses.create({ body: { legalName: 'Away Co' } }).catch((e: unknown) => e);
    await vi.runAllTimersAsync();
    expect(await created).toBeInstanceOf(ApiError);
    const tries = fetchMock.mock.calls.length;
    expect(tries).toBeGreaterThan(3);

    fetchMock.mockClear();
    const renamed = client.businesses
      .update({ body: { busEntityID: 5, legalName: 'Away Co' } })
      .catch((e: unknown) => e);
    await vi.runAllTimersAsync();
    expect(await renamed).toBeInstanceOf(ApiError);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('does not send again what the server refused', async () => {
    const server = mockApi({
      'POST Business/CreateBusEntity': { status: 409, message: 'A business entity with this name already exists.' },
    });
    await expect(client.businesses.create({ body: { legalName: 'Taken Co' } })).rejects.toBeInstanceOf(ApiError);
    expect(server.calls).toHaveLength(1);
  });
});

function envelope(status: number, body: object): Response {
  return new Response(JSON.stringify({ statusCode: status, exceptionMessage: null, ...body }), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}
