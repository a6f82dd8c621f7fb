import { type FieldError, type MessageCode, isMessageCode, messages, messageText } from '@portal/contract';

const codeByText = new Map<string, MessageCode>();
for (const code of Object.keys(messages)) {
  if (isMessageCode(code)) codeByText.set(messages[code], code);
}

/** The catalogue code whose English text this is, if any. */
export function messageCodeOfText(text: string): MessageCode | null {
  return codeByText.get(text) ?? null;
}

/** A failed API call: the HTTP status, the envelope's error code, its English text and field errors. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: readonly FieldError[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }

  get isClientError(): boolean {
    return this.status >= 400 && this.status < 500;
  }

  /** The catalogue code of the failure, so that the UI can show it in the user's language. */
  get messageCode(): MessageCode | null {
    const fieldCode = this.fields[0]?.code;
    if (fieldCode && isMessageCode(fieldCode) && messages[fieldCode] === this.message) return fieldCode;
    return messageCodeOfText(this.message);
  }

  static network(): ApiError {
    return new ApiError(0, 'network', messageText('serverError'));
  }
}
