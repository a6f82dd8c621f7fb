import pino, { stdSerializers, type DestinationStream, type Logger } from 'pino';

/** The fields of a database error that carry a statement's values or a row's (`Key (email)=(…)`). */
const VALUE_FIELDS = new Set(['params', 'detail', 'where', 'internalQuery', 'hint']);

const isQueryError = (e: Error): e is Error & { query: string; params: unknown } => 'query' in e && 'params' in e;
/** An error PostgreSQL raised (a SQLSTATE code). */
const isDatabaseError = (e: Error) => typeof (e as { code?: unknown }).code === 'string' && 'severity' in e;

/**
 * An error with no value of a statement left in it: a failed query keeps its SQL (placeholders
 * `$1`…) without its parameters, a database error its code, table and constraint without the
 * row's values, and quoted values in its message are elided (`invalid input syntax for type
 * integer: "…"`). Causes likewise.
 */
function withoutValues(err: Error): Error {
  const copy = Object.create(Object.getPrototypeOf(err) as object) as Error & Record<string, unknown>;
  for (const [key, value] of Object.entries(err)) if (!VALUE_FIELDS.has(key)) copy[key] = value;
  const message = isDatabaseError(err)
    ? err.message.replace(/"[^"]*"/g, '"…"')
    : isQueryError(err)
      ? `Failed query: ${err.query}`
      : err.message;
  const at = err.stack?.indexOf('\n    at ') ?? -1;
  Object.defineProperty(copy, 'message', { value: message, enumerable: false, writable: true });
  Object.defineProperty(copy, 'stack', {
    value: `${err.name}: ${message}${at >= 0 ? err.stack!.slice(at) : ''}`,
    enumerable: false,
    writable: true,
  });
  if (err.cause instanceof Error) copy.cause = withoutValues(err.cause);
  return copy;
}

/**
 * How every `{ err }` of a log line is written: as pino writes errors, less the values of
 * statements, with the SQLSTATE, table and constraint of a database error among its causes.
 */
function errorSerializer(err: unknown) {
  if (!(err instanceof Error)) return err;
  const out = stdSerializers.err(withoutValues(err)) as ReturnType<typeof stdSerializers.err> & Record<string, unknown>;
  for (let e: unknown = err; e instanceof Error; e = e.cause) {
    if (!isDatabaseError(e)) continue;
    const { code, table, constraint } = e as Error & Record<string, unknown>;
    Object.assign(out, { code, table, constraint });
    break;
  }
  return out;
}

/** The server's logger: never a token, a password, or a statement's values. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      redact: { paths: ['req.headers.authorization', '*.password', '*.Password', '*.token', '*.Token'], censor: '***' },
      serializers: { err: errorSerializer },
    },
    destination,
  );
}
