// @vitest-environment happy-dom
import { Role } from '@portal/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { mockApi } from '../test/api';
import { signInAs } from '../test/render';
import { send } from './api';
import { getLogin } from './session/session';
import { storageKeys } from './storage';

const INTERVAL = 60_000;
const ping = { method: 'GET', path: '/api/Ping', key: ['test', 'ping'] } as const;

describe('the token refresh of the API client', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    localStorage.setItem(storageKeys.testTimeouts, JSON.stringify({ refreshIntervalMs: INTERVAL }));
  });
  afterEach(() => {
    vi.useRealTimers();
    localStorage.clear();
  });

  function server() {
    return mockApi({
      'GET Ping': 'pong',
      'POST Account/RefreshToken': (call) => ({
        result: {
          ...getLogin()!,
          token: `fresh-for-${(call.body as { Token: string }).Token}`,
        },
      }),
    });
  }

  it('refreshes at most once per interval, before the call, which then carries the new token', async () => {
    signInAs(Role.SiteManager, 7);
    const { calls } = server();
    await send(ping, {}, z.string());
    vi.advanceTimersByTime(INTERVAL - 1);
    await send(ping, {}, z.string());
    expect(calls.map((c) => c.path)).toEqual(['Ping', 'Ping']);

    vi.advanceTimersByTime(1);
    await send(ping, {}, z.string());
    expect(calls.map((c) => c.path)).toEqual(['Ping', 'Ping', 'Account/RefreshToken', 'Ping']);
    expect(calls[2]!.body).toEqual({ Token: 'token-7' });
    expect(calls[3]!.headers.get('authorization')).toBe('Bearer fresh-for-token-7');
    expect(getLogin()?.token).toBe('fresh-for-token-7');

    await send(ping, {}, z.string());
    expect(calls.filter((c) => c.path === 'Account/RefreshToken')).toHaveLength(1);
  });

  it('sends one refresh for calls made together, and keeps the token when the refresh fails', async () => {
    signInAs(Role.SiteManager, 8);
    const { calls } = mockApi({ 'GET Ping': 'pong', 'POST Account/RefreshToken': { status: 500 } });
    vi.advanceTimersByTime(INTERVAL);
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await Promise.all([send(ping, {}, z.string()), send(ping, {}, z.string())]);
    expect(calls.filter((c) => c.path === 'Account/RefreshToken')).toHaveLength(1);
    expect(calls.filter((c) => c.path === 'Ping').map((c) => c.headers.get('authorization'))).toEqual([
      'Bearer token-8',
      'Bearer token-8',
    ]);
    expect(getLogin()?.token).toBe('token-8');
  });
});
