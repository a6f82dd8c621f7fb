// @vitest-environment happy-dom
import { Role } from '@portal/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { mockApi } from '../test/api';
import { signInAs } from '../test/render';
import { envelopeOf, fakeXhr } from '../test/xhr';
import { type FileProgress, send, sendFile } from './api';
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

describe("a file sent as a call's body", () => {
  const upload = { method: 'POST', path: '/api/Upload', key: ['test', 'upload'] } as const;
  const file = new Blob(['meter,reading,time\n'], { type: 'application/vnd.ms-excel' });

  it('reports its upload, then the work the server streams, and answers the envelope of the last line', async () => {
    signInAs(Role.SiteManager, 9);
    const { sent } = fakeXhr(() => ({ lines: [{ progress: 0.5 }, { progress: 1 }, envelopeOf({ rows: 1 })] }));
    const seen: FileProgress[] = [];
    const answer = await sendFile(
      upload,
      { query: { siteID: 3 }, file, type: 'text/csv', onProgress: (p) => seen.push(p) },
      z.object({ rows: z.number() }),
    );
    expect(answer.result).toEqual({ rows: 1 });
    expect(seen).toEqual([
      { stage: 'upload', share: 0.5 },
      { stage: 'upload', share: 1 },
      { stage: 'work', share: 0.5 },
      { stage: 'work', share: 1 },
    ]);
    expect(sent[0]!.url.pathname + sent[0]!.url.search).toBe('/api/Upload?siteID=3');
    expect(Object.fromEntries(sent[0]!.headers)).toMatchObject({
      accept: 'application/x-ndjson, application/json',
      'content-type': 'text/csv',
      authorization: 'Bearer token-9',
    });
  });

  it("fails with the status and message of the envelope, even after the stream's 200", async () => {
    signInAs(Role.SiteManager, 9);
    fakeXhr(() => ({
      lines: [{ progress: 0.4 }, envelopeOf({ code: 'invalid' }, { status: 400, message: 'Bad file' })],
    }));
    const failure = sendFile(upload, { file, type: 'text/csv', onProgress: () => {} }, z.unknown());
    await expect(failure).rejects.toMatchObject({ status: 400, code: 'invalid', message: 'Bad file' });
  });
});
