import type { FieldError } from '@portal/contract';
import { isObject, isString } from './json';

/**
 * The answer envelope and a failure's result, checked by hand so that the API client (part
 * of start-up) needs no zod; envelope.test.ts holds the failure check beside the contract's
 * `errorResult` schema.
 */
export type AnswerEnvelope = { success: boolean; result: unknown; message: string | null; statusCode: number };

export type Failure = { code: string; errors: FieldError[] };

export function isAnswerEnvelope(value: unknown): value is AnswerEnvelope {
  return (
    isObject(value) &&
    typeof value.success === 'boolean' &&
    (value.message === null || isString(value.message)) &&
    typeof value.statusCode === 'number'
  );
}

const isFieldError = (value: unknown): value is FieldError =>
  isObject(value) && isString(value.field) && isString(value.code) && isString(value.message);

/** The error code and field errors of a failed call's result, or null when it has none. */
export function failureOf(result: unknown): Failure | null {
  if (!isObject(result) || !isString(result.code)) return null;
  const errors = result.errors ?? [];
  return Array.isArray(errors) && errors.every(isFieldError) ? { code: result.code, errors } : null;
}
