import { type FieldError, type MessageCode, type MessageParams, messageText } from '@portal/contract';
import type { ServerMessage } from './envelope';

/**
 * A failed API call: the HTTP status, the envelope's error category (`invalid`, `conflict`,
 * …), its message by catalogue code and parameters (the English text as `message`), and the
 * field errors. The client's own failures (no answer, an answer it cannot read) name a
 * catalogue code too.
 */
export class ApiError extends Error {
  /** The catalogue code of the message; null only for a code this build does not know. */
  readonly messageCode: MessageCode | null;
  readonly params: MessageParams;

  constructor(
    readonly status: number,
    readonly code: string,
    message: MessageCode | ServerMessage,
    readonly fields: readonly FieldError[] = [],
  ) {
    const said = typeof message === 'string' ? { code: message, params: {}, text: messageText(message) } : message;
    super(said.text);
    this.name = 'ApiError';
    this.messageCode = said.code;
    this.params = said.params;
  }

  get isClientError(): boolean {
    return this.status >= 400 && this.status < 500;
  }

  /** The same failure with other field errors. */
  withFields(fields: readonly FieldError[]): ApiError {
    return new ApiError(
      this.status,
      this.code,
      { code: this.messageCode, params: this.params, text: this.message },
      fields,
    );
  }

  static network(): ApiError {
    return new ApiError(0, 'network', 'serverError');
  }
}
