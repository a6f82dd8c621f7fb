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

const onField = (messageCode: MessageCode, field?: string): FieldError[] | undefined =>
  field ? [{ field, code: messageCode, message: messageText(messageCode) }] : undefined;

export const invalid = (messageCode: MessageCode, field?: string) =>
  new AppError('invalid', messageCode, {}, onField(messageCode, field));
export const unauthenticated = (messageCode: MessageCode = 'notAuthenticated') =>
  new AppError('unauthenticated', messageCode);
export const forbidden = () => new AppError('forbidden', 'forbidden');
export const notFound = (name = 'record') => new AppError('notFound', 'requestedNotFound', { name });
export const conflict = (messageCode: MessageCode, field?: string) =>
  new AppError('conflict', messageCode, {}, onField(messageCode, field));
