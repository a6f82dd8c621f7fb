import { type MessageCode, messageText, type FieldError } from '@portal/contract';

/** Error codes the client reads, each with the HTTP status it answers with. */
export const errorStatus = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  hasTransactions: 417,
  tooManyRequests: 429,
  internal: 500,
} as const;
export type ErrorCode = keyof typeof errorStatus;

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly messageCode: MessageCode,
    readonly params: Record<string, string | number> = {},
    readonly fields?: FieldError[],
  ) {
    super(messageText(messageCode, params));
    this.status = errorStatus[code];
  }
}

/** The field (or fields: rows of a bulk request) the message is about. */
type Fields = string | readonly string[];
const onField = (messageCode: MessageCode, fields?: Fields): FieldError[] | undefined =>
  fields === undefined
    ? undefined
    : (typeof fields === 'string' ? [fields] : fields).map((field) => ({
        field,
        code: messageCode,
        message: messageText(messageCode),
      }));

export const invalid = (messageCode: MessageCode, field?: Fields) =>
  new AppError('invalid', messageCode, {}, onField(messageCode, field));
export const unauthenticated = (messageCode: MessageCode = 'notAuthenticated') =>
  new AppError('unauthenticated', messageCode);
export const forbidden = () => new AppError('forbidden', 'forbidden');
export const notFound = (name = 'record') => new AppError('notFound', 'requestedNotFound', { name });
export const conflict = (messageCode: MessageCode, field?: Fields) =>
  new AppError('conflict', messageCode, {}, onField(messageCode, field));

/** A write the database refused for a unique index (`constraint`: that index only), as the driver or a cause of it reports. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (let e: unknown = err; e instanceof Error; e = e.cause) {
    const pg = e as { code?: unknown; constraint?: unknown };
    if (pg.code === '23505' && (constraint === undefined || pg.constraint === constraint)) return true;
  }
  return false;
}
