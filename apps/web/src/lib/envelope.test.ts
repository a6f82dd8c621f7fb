import { errorResult } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { failureOf, isAnswerEnvelope } from './envelope';

describe('the answer envelope, checked by hand', () => {
  it.each([
    [{ success: true, result: [1], message: null, statusCode: 200, exceptionMessage: null }, true],
    [{ success: false, result: null, message: 'Invalid input', statusCode: 400 }, true],
    [{ success: true, message: null, statusCode: 200 }, true],
    [{ success: 'true', result: null, message: null, statusCode: 200 }, false],
    [{ success: true, result: null, statusCode: 200 }, false],
    [{ success: true, result: null, message: 3, statusCode: 200 }, false],
    [{ success: true, result: null, message: null, statusCode: '200' }, false],
    [null, false],
    ['<html>', false],
    [[], false],
  ])('%j is an envelope: %s', (value, expected) => {
    expect(isAnswerEnvelope(value)).toBe(expected);
  });
});

describe("a failure's result agrees with the contract's errorResult", () => {
  const fieldError = { field: 'Email', code: 'requiredField', message: 'Required' };
  it.each([
    { code: 'forbidden' },
    { code: 'invalid', errors: [fieldError] },
    { code: 'invalid', errors: [] },
    { code: 'invalid', errors: [{ ...fieldError, message: 1 }] },
    { code: 'invalid', errors: fieldError },
    { code: 7 },
    { errors: [fieldError] },
    null,
    'failed',
  ])('%j', (result) => {
    const parsed = errorResult.safeParse(result);
    expect(failureOf(result)).toEqual(
      parsed.success ? { code: parsed.data.code, errors: parsed.data.errors ?? [] } : null,
    );
  });
});
