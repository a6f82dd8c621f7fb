import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { authenticateRequest, forgotPasswordRequest, loginForm, registrationForm, setPasswordForm } from './auth';
import { messages, messageText, type MessageCode } from './messages';

/** The first problem's English text, as the user would read it. */
function firstMessage(schema: z.ZodType, value: unknown): string | undefined {
  const res = schema.safeParse(value);
  if (res.success) return undefined;
  return messageText(res.error.issues[0]!.message as MessageCode);
}

describe('sign-in', () => {
  it.each([
    [{ email: '', password: 'x' }, 'Required field'],
    [{ email: 'not-an-email', password: 'x' }, 'Field is not valid'],
    [{ email: 'a@b.co', password: '' }, 'Required field'],
    [{ email: 'a@b.co', password: 'x' }, undefined],
  ])('loginForm %j -> %s', (value, message) => {
    expect(firstMessage(loginForm, value)).toBe(message);
  });

  it('the API request uses the same rules', () => {
    expect(firstMessage(authenticateRequest, { Username: 'x', Password: 'y' })).toBe('Field is not valid');
  });
});

describe('passwords', () => {
  const policy = messages.passwordPolicy;
  it.each([
    ['Short#1', policy],
    ['alllower#1', policy],
    ['ALLUPPER#1', policy],
    ['NoDigits#x', policy],
    ['NoSpecial1x', policy],
    ['Good#Pass1', undefined],
  ])('set password %s', (password, message) => {
    expect(firstMessage(setPasswordForm, { password, confirmPassword: password })).toBe(message);
  });

  it('confirm must match', () => {
    expect(firstMessage(setPasswordForm, { password: 'Good#Pass1', confirmPassword: 'Good#Pass2' })).toBe(
      'Confirm password must match the above password',
    );
  });
});

describe('registration', () => {
  const valid = {
    email: 'a@b.co',
    fullname: 'Ann Bee',
    username: 'annb',
    password: 'Good#Pass1',
    cpassword: 'Good#Pass1',
    acceptTerms: true,
  };
  it('accepts a complete form', () => expect(firstMessage(registrationForm, valid)).toBeUndefined());
  it('needs matching passwords', () =>
    expect(firstMessage(registrationForm, { ...valid, cpassword: 'Other#Pass1' })).toBe(
      "Password and Confirm Password didn't match.",
    ));
  it('needs the terms accepted', () =>
    expect(firstMessage(registrationForm, { ...valid, acceptTerms: false })).toBe('Accept Terms'));
  it.each(['email', 'fullname', 'username'])('needs %s', (field) =>
    expect(firstMessage(registrationForm, { ...valid, [field]: '' })).toBeDefined(),
  );
});

describe('forgot password', () => {
  it.each(['', 'nope', 'a@b'])('%s -> Please enter a valid email address', (email) => {
    expect(firstMessage(forgotPasswordRequest, { email })).toBe('Please enter a valid email address');
  });
});

describe('messages', () => {
  it('fills placeholders', () => {
    expect(messageText('errorTitle', { statusCode: 500 })).toBe('Error! 500');
    expect(messageText('locationHasTransactions', { action: 'delete' })).toBe(
      'Failed to delete location. There are transaction records associated with the location preventing the deletion.',
    );
  });
});
