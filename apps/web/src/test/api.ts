import { vi } from 'vitest';

/**
 * The server, mocked at the fetch level: each handler answers one `METHOD path` of
 * `/api/<path>` with a result (wrapped in the envelope) or a failure. Every call is recorded
 * with its query and JSON body, so a test asserts what the app sent.
 */
export type Call = { method: string; path: string; query: Record<string, string>; body: unknown; headers: Headers };
type Answer = { status?: number; result?: unknown; message?: string | null };
type Handler = (call: Call) => Answer | Promise<Answer>;
/** A handler, or the result to answer every time. */
type Route = Handler | readonly unknown[] | { [key: string]: unknown } | string | number | boolean | null;

export function mockApi(handlers: Record<string, Route>) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const call: Call = {
      method: init.method ?? 'GET',
      path: url.pathname.replace(/^\/api\//, ''),
      query: Object.fromEntries(url.searchParams),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      headers: new Headers(init.headers),
    };
    calls.push(call);
    const handler = handlers[`${call.method} ${call.path}`];
    if (handler === undefined) return envelope({ status: 404, message: `no handler for ${call.method} ${call.path}` });
    const answer = typeof handler === 'function' ? await handler(call) : { result: handler };
    return envelope(answer);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    fetchMock,
    /** The calls made to one `METHOD path`. */
    callsTo: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key),
  };
}

function envelope({ status = 200, result = null, message = null }: Answer): Response {
  const success = status < 300;
  return new Response(JSON.stringify({ success, result, message, statusCode: status, exceptionMessage: null }), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}
