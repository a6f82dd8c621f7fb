import { type LoginResult, messageText } from '@portal/contract';
import { ApiError } from './apiError';
import { failureOf, isAnswerEnvelope } from './envelope';
import { endSession, getLogin, isExpired, isLoginResult, storeLogin } from './session/session';
import { sessionTimeouts } from './session/timeouts';

/**
 * The one way the app talks to the server: `/api/<path>` on this origin, JSON in, the
 * envelope `{ success, result, message, statusCode, exceptionMessage }` out. It sends the
 * bearer token, refreshes it at most once per interval (keeping the old one silently when
 * the refresh fails), signs the user out on an expired login or a 401 answer, and turns
 * every failure into an ApiError.
 */
export type ApiAnswer<T> = { result: T; message: string | null; statusCode: number };

type Query = Record<string, string | number | boolean | null | undefined>;
type Options = { query?: Query; body?: unknown; anonymous?: boolean; signal?: AbortSignal };
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

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
  method: Method,
  path: string,
  options: Options,
  accept: string,
): Promise<{ response: Response; login: LoginResult | null }> {
  const login = options.anonymous ? null : await loginForRequest();
  const headers: Record<string, string> = { accept };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (login) headers.authorization = `Bearer ${login.token}`;
  try {
    const response = await fetch(apiUrl(path, options.query), {
      method,
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

async function send<T>(method: Method, path: string, schema: ResultCheck<T>, options: Options): Promise<ApiAnswer<T>> {
  const { response, login } = await request(method, path, options, 'application/json');

  const answer: unknown = await response.json().catch(() => null);
  if (!isAnswerEnvelope(answer)) throw new ApiError(response.status, 'badResponse', messageText('serverError'));
  if (!answer.success) {
    if (response.status === 401 && login) endSession();
    const failure = failureOf(answer.result);
    throw new ApiError(
      response.status,
      failure?.code ?? 'failed',
      answer.message ?? messageText('serverError'),
      failure?.errors ?? [],
    );
  }
  const result = schema.safeParse(answer.result);
  if (!result.success) throw new ApiError(response.status, 'badResponse', messageText('serverError'));
  return { result: result.data, message: answer.message, statusCode: answer.statusCode };
}

function apiUrl(path: string, query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return `/api/${path}${search ? `?${search}` : ''}`;
}

async function loginForRequest(): Promise<LoginResult | null> {
  const login = getLogin();
  if (!login) return null;
  if (isExpired(login)) {
    endSession();
    throw new ApiError(401, 'unauthenticated', messageText('sessionExpired'));
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
    const { result } = await send('POST', 'Account/RefreshToken', checkedBy(isLoginResult), {
      body: { Token: login.token },
      anonymous: true,
    });
    if (getLogin()?.token === login.token) storeLogin(result);
  } catch (err) {
    console.warn('session: token refresh failed, keeping the current token', err);
  }
}

/** A file the server makes (an export): the same session handling, the answer as a Blob. */
async function download(method: Method, path: string, options: Options): Promise<Blob> {
  const { response, login } = await request(method, path, options, '*/*');
  if (!response.ok) {
    if (response.status === 401 && login) endSession();
    throw new ApiError(response.status, 'exportFailed', messageText('exportFailed'));
  }
  return response.blob();
}

export const api = {
  get: <T>(path: string, schema: ResultCheck<T>, options: Omit<Options, 'body'> = {}) =>
    send('GET', path, schema, options),
  post: <T>(path: string, body: unknown, schema: ResultCheck<T>, options: Options = {}) =>
    send('POST', path, schema, { ...options, body }),
  put: <T>(path: string, body: unknown, schema: ResultCheck<T>, options: Options = {}) =>
    send('PUT', path, schema, { ...options, body }),
  /** DELETE may carry a body (DeleteMeterFromLocation names the meter and the location in it). */
  delete: <T>(path: string, schema: ResultCheck<T>, options: Options = {}) => send('DELETE', path, schema, options),
  download,
};
