import { type FieldError, isMessageCode, type MessageCode, type MessageParams } from '@portal/contract';
import { isObject, isString } from './json';

/**
 * The answer envelope and a failure's result, checked by hand so that the API client (part
 * of start-up) needs no zod; envelope.test.ts holds the failure check beside the contract's
 * `errorResult` schema.
 */
export type AnswerEnvelope = {
  success: boolean;
  result: unknown;
  message: string | null;
  messageCode?: unknown;
  messageParams?: unknown;
  statusCode: number;
};

export type Failure = { code: string; errors: FieldError[] };

/**
 * A message the server answered with: its catalogue code and parameters, shown in the user's
 * language; the English text serves only when the code is one this build does not know.
 */
export type ServerMessage = { code: MessageCode | null; params: MessageParams; text: string };

export function isAnswerEnvelope(value: unknown): value is AnswerEnvelope {
  return (
    isObject(value) &&
    typeof value.success === 'boolean' &&
    (value.message === null || isString(value.message)) &&
    typeof value.statusCode === 'number'
  );
}

const isParams = (value: unknown): value is MessageParams =>
  isObject(value) && Object.values(value).every((v) => isString(v) || typeof v === 'number');

const isFieldError = (value: unknown): value is FieldError =>
  isObject(value) &&
  isString(value.field) &&
  isString(value.code) &&
  isString(value.message) &&
  (value.params === undefined || isParams(value.params));

/** The error code and field errors of a failed call's result, or null when it has none. */
export function failureOf(result: unknown): Failure | null {
  if (!isObject(result) || !isString(result.code)) return null;
  const errors = result.errors ?? [];
  return Array.isArray(errors) && errors.every(isFieldError) ? { code: result.code, errors } : null;
}

/** The envelope's message with its code and parameters, or null when it has none. */
export function messageOf(envelope: AnswerEnvelope): ServerMessage | null {
  if (envelope.message === null) return null;
  const { messageCode, messageParams } = envelope;
  return {
    code: isString(messageCode) && isMessageCode(messageCode) ? messageCode : null,
    params: isParams(messageParams) ? messageParams : {},
    text: envelope.message,
  };
}
