import { api, type Call, type CallInput, type CallResult } from '@portal/contract';
import { type ApiAnswer, download, keyOf, send, sendIdempotent } from './api';

/**
 * The typed client of the route table: `client.meters.assign({ body })`, one function per
 * call, its input and answer typed from the call's schemas, the answer checked against them.
 */
type CallOptions = { signal?: AbortSignal };
/** What a call's body is as the caller sends it: the input of its schema (before its defaults and transforms). */
export type BodyOf<C extends Call> = CallInput<C>['body'];
type Args<C extends Call> =
  object extends CallInput<C> ? [input?: CallInput<C> & CallOptions] : [input: CallInput<C> & CallOptions];

/**
 * Makes a call of the table: public calls go without the session's token; creates and commands
 * with an Idempotency-Key, retried with it; the answer is checked against the entry.
 */
function sendCall(c: Call, input: object | undefined) {
  return (c.idempotent ? sendIdempotent : send)(c, { ...input, anonymous: c.access === 'public' }, c.result);
}

export function request<C extends Call>(call: C, ...[input]: Args<C>): Promise<ApiAnswer<CallResult<C>>> {
  return sendCall(call, input) as Promise<ApiAnswer<CallResult<C>>>;
}

/** A call that answers a file (an export). */
export function requestFile<C extends Call>(call: C, ...[input]: Args<C>): Promise<Blob> {
  return download(call, { ...input, anonymous: call.access === 'public' });
}

type Client<T> = {
  [G in keyof T]: {
    [K in keyof T[G]]: T[G][K] extends Call
      ? (...args: Args<T[G][K]>) => Promise<ApiAnswer<CallResult<T[G][K]>>>
      : never;
  };
};

export const client = Object.fromEntries(
  Object.entries(api).map(([group, calls]) => [
    group,
    Object.fromEntries(Object.entries(calls).map(([key, c]) => [key, (input?: object) => sendCall(c, input)])),
  ]),
) as Client<typeof api>;

/** A TanStack Query of a call: its key from the table, its function the typed request. */
export function queryOf<C extends Call>(c: C, ...[input]: Args<C>) {
  const { signal: _, ...data } = input ?? {};
  return {
    queryKey: keyOf(c, Object.keys(data).length ? data : undefined),
    queryFn: async ({ signal }: { signal: AbortSignal }): Promise<CallResult<C>> =>
      (await sendCall(c, { ...data, signal })).result as CallResult<C>,
  };
}
