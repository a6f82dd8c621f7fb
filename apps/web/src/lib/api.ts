import { type LoginResult, routes } from '@portal/contract';
import { ApiError } from './apiError';
import { failureOf, isAnswerEnvelope, messageOf, type ServerMessage } from './envelope';
import { isObject } from './json';
import { endSession, getLogin, isExpired, isLoginResult, storeLogin } from './session/session';
import { sessionTimeouts } from './session/timeouts';

/**
 * The one way the app talks to the server: a call of the route table on this origin, JSON in,
 * the envelope `{ success, result, message, statusCode, exceptionMessage }` out. It sends the
 * bearer token, refreshes it at most once per interval (keeping the old one silently when
 * the refresh fails), signs the user out on an expired login or a 401 answer, and turns
 * every failure into an ApiError.
 */
export type ApiAnswer<T> = { result: T; message: ServerMessage | null; statusCode: number };

type Values = Record<string, string | number | boolean | null | undefined>;
/** What a request sends: the call's input, and whether it goes without the session's token. */
export type RequestInput = {
  query?: unknown;
  body?: unknown;
  params?: unknown;
  anonymous?: boolean;
  signal?: AbortSignal;
  /** Sent as `Idempotency-Key`: the server answers a repeat with the first answer. */
  idempotencyKey?: string;
};
/** The method, path and key of a call of the route table (`routes` of the contract, or a whole call). */
export type Route = {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  readonly path: string;
  readonly key: readonly [string, string];
};

/**
 * A call's cache key: its feature and name in the route table, then its input
 * (`['locations', 'table', { query: { siteID: 3 } }]`); a prefix names a feature's or a call's queries.
 */
export function keyOf(route: Route, input?: unknown): readonly unknown[] {
  return input === undefined ? route.key : [...route.key, input];
}

/** The prefix of every query of a feature of the route table: `featureKey(routes.sites)` is `['sites']`. */
export function featureKey(feature: Readonly<Record<string, Route>>): readonly [string] {
  return [Object.values(feature)[0]!.key[0]];
}

/**
 * For `invalidateQueries({ predicate })` where no key prefix groups the queries: matches those
 * whose input (the third element of a `keyOf` key) names one of the values in its query, body
 * or path parameters. `inputNames('locationID', [5])` matches every query about location 5,
 * whatever its call: `['locations', 'history', { query: { locationID: 5 } }]`, `['stays', 'current', …]`.
 */
export function inputNames(
  name: string,
  values: Iterable<unknown>,
): (query: { queryKey: readonly unknown[] }) => boolean {
  const wanted = new Set(values);
  return ({ queryKey }) => {
    const input = queryKey[2];
    return isObject(input) && [input.query, input.body, input.params].some((p) => isObject(p) && wanted.has(p[name]));
  };
}

/**
 * What checks an answer's result: a schema of the contract (zod), or, in start-up code that
 * must not load zod, a type guard wrapped by `checkedBy`.
 */
export type ResultCheck<T> = { safeParse(value: unknown): { success: true; data: T } | { success: false } };

export function checkedBy<T>(isValid: (value: unknown) => value is T): ResultCheck<T> {
  return { safeParse: (value) => (isValid(value) ? { success: true, data: value } : { success: false }) };
}

let lastRefreshAt = 0;
let refreshing: Promise<void> | null = null;

/** A fresh sign-in counts as a refresh. */
export function markTokenFresh(): void {
  lastRefreshAt = Date.now();
}

/** Sends a call with the session's token (refreshed when due); a network failure is an ApiError. */
async function request(
  route: Route,
  options: RequestInput,
  accept: string,
): Promise<{ response: Response; login: LoginResult | null }> {
  const login = options.anonymous ? null : await loginForRequest();
  const headers: Record<string, string> = { accept };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (login) headers.authorization = `Bearer ${login.token}`;
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  try {
    const response = await fetch(urlOf(route.path, options), {
      method: route.method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
    return { response, login };
  } catch (err) {
    if (options.signal?.aborted) throw err;
    throw ApiError.network();
  }
}

/** An answer's envelope, its result checked; a failure as an ApiError (a 401 to a signed-in call ends the session). */
function answerOf<T>(status: number, answer: unknown, login: LoginResult | null, schema: ResultCheck<T>): ApiAnswer<T> {
  if (!isAnswerEnvelope(answer)) throw new ApiError(status, 'badResponse', 'serverError');
  if (!answer.success) {
    if (status === 401 && login) endSession();
    const failure = failureOf(answer.result);
    throw new ApiError(status, failure?.code ?? 'failed', messageOf(answer) ?? 'serverError', failure?.errors);
  }
  const result = schema.safeParse(answer.result);
  if (!result.success) throw new ApiError(status, 'badResponse', 'serverError');
  return { result: result.data, message: messageOf(answer), statusCode: answer.statusCode };
}

/** Makes a call and checks its answer's result. */
export async function send<T>(route: Route, options: RequestInput, schema: ResultCheck<T>): Promise<ApiAnswer<T>> {
  const { response, login } = await request(route, options, 'application/json');
  return answerOf(response.status, await response.json().catch(() => null), login, schema);
}

/** How far a file sent as a call's body got: the share uploaded, then the share of its work the server did (0 to 1). */
export type FileProgress = { stage: 'upload' | 'work'; share: number };

/** The lines of an answer that streams its progress (`streamsProgress`), the last one perhaps not whole yet. */
const linesOf = (text: string) => text.split('\n').filter((line) => line.trim() !== '');

function parsed(line: string | undefined): unknown {
  try {
    return JSON.parse(line ?? '');
  } catch {
    return null;
  }
}

function lastProgress(text: string): number | null {
  const whole = linesOf(text.slice(0, text.lastIndexOf('\n') + 1));
  for (const line of whole.reverse()) {
    const said = parsed(line);
    if (isObject(said) && typeof said.progress === 'number') return said.progress;
  }
  return null;
}

/**
 * A call whose body is a file (a CSV of readings), sent with XMLHttpRequest: its upload tells its
 * progress, which fetch's does not. The server is asked for the lines of its own progress
 * (`Accept: application/x-ndjson`); both reach `onProgress`. The last line is the envelope,
 * checked as `send` checks one; its status code is the call's (the stream's is 200 once begun).
 */
export async function sendFile<T>(
  route: Route,
  options: RequestInput & { file: Blob; type: string; onProgress: (progress: FileProgress) => void },
  schema: ResultCheck<T>,
): Promise<ApiAnswer<T>> {
  const login = await loginForRequest();
  const xhr = new XMLHttpRequest();
  const answered = new Promise<string>((resolve, reject) => {
    xhr.onload = () => resolve(xhr.responseText);
    xhr.onerror = () => reject(ApiError.network());
    xhr.onabort = () => reject(options.signal?.reason ?? ApiError.network());
  });
  xhr.open(route.method, urlOf(route.path, options));
  xhr.setRequestHeader('accept', 'application/x-ndjson, application/json');
  xhr.setRequestHeader('content-type', options.type);
  if (login) xhr.setRequestHeader('authorization', `Bearer ${login.token}`);
  xhr.upload.onprogress = (e) => {
    if (e.lengthComputable) options.onProgress({ stage: 'upload', share: e.loaded / e.total });
  };
  let told: number | null = null;
  xhr.onprogress = () => {
    const share = lastProgress(xhr.responseText);
    if (share !== null && share !== told) options.onProgress({ stage: 'work', share });
    told = share;
  };
  options.signal?.addEventListener('abort', () => xhr.abort());
  xhr.send(options.file);
  const answer = parsed(linesOf(await answered).at(-1));
  return answerOf(isAnswerEnvelope(answer) ? answer.statusCode : xhr.status, answer, login, schema);
}

/** How long a create or command waits before each of its retries. */
const RETRY_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 16_000];

/**
 * A failure after which the same request may still be sent: no answer (the connection was cut,
 * the server died), a proxy with no server behind it, a server shutting down, or the first
 * copy of the request still running.
 */
export const worthRetrying = (e: unknown) =>
  e instanceof ApiError &&
  (e.status === 0 ||
    e.status === 502 ||
    e.status === 503 ||
    e.status === 504 ||
    (e.status === 409 && e.messageCode === 'requestInProgress'));

/** 128 random bits, base64url: `crypto.randomUUID` is missing where the portal is opened over plain http. */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

const pause = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });

/**
 * A create or a command (a call the route table marks `idempotent`): sent with a new
 * `Idempotency-Key`, and sent again with the same key, a few times over half a minute, while
 * the failure says it may not have arrived or is still running. The server does the work once
 * and answers every copy with the first answer, so a retry never does it twice. (TanStack Query
 * never retries a mutation: its retries would not share the key.)
 */
export async function sendIdempotent<T>(
  route: Route,
  options: RequestInput,
  schema: ResultCheck<T>,
): Promise<ApiAnswer<T>> {
  const keyed = { ...options, idempotencyKey: newIdempotencyKey() };
  for (const delay of RETRY_DELAYS_MS) {
    try {
      return await send(route, keyed, schema);
    } catch (e) {
      if (!worthRetrying(e)) throw e;
      await pause(delay, options.signal);
    }
  }
  return send(route, keyed, schema);
}

/** The call's path with its parameters filled in, and its query string. */
function urlOf(path: string, { query, params }: RequestInput): string {
  const values = (params ?? {}) as Values;
  const filled = path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(values[name])));
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries((query ?? {}) as Values)) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const qs = search.toString();
  return `${filled}${qs ? `?${qs}` : ''}`;
}

async function loginForRequest(): Promise<LoginResult | null> {
  const login = getLogin();
  if (!login) return null;
  if (isExpired(login)) {
    endSession();
    throw new ApiError(401, 'unauthenticated', 'sessionExpired');
  }
  await refreshIfDue(login);
  return getLogin();
}

function refreshIfDue(login: LoginResult): Promise<void> {
  if (refreshing) return refreshing;
  if (Date.now() - lastRefreshAt < sessionTimeouts().refreshIntervalMs) return Promise.resolve();
  lastRefreshAt = Date.now();
  refreshing = refreshToken(login).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

async function refreshToken(login: LoginResult): Promise<void> {
  try {
    const { result } = await send(
      routes.auth.refresh,
      { body: { Token: login.token }, anonymous: true },
      checkedBy(isLoginResult),
    );
    if (getLogin()?.token === login.token) storeLogin(result);
  } catch (err) {
    console.warn('session: token refresh failed, keeping the current token', err);
  }
}

/** A file the server makes (an export): the same session handling, the answer as a Blob. */
export async function download(route: Route, options: RequestInput): Promise<Blob> {
  const { response, login } = await request(route, options, '*/*');
  if (!response.ok) {
    if (response.status === 401 && login) endSession();
    throw new ApiError(response.status, 'exportFailed', 'exportFailed');
  }
  return response.blob();
}
