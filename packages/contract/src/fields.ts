import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from './constants';

/** Field rules shared by several forms. Messages are codes of `messages`. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export const requiredEmail = z
  .string({ error: 'requiredField' })
  .trim()
  .min(1, 'requiredField')
  .max(254, 'maxLength')
  .regex(EMAIL_PATTERN, 'fieldNotValid');

export const PASSWORD_POLICY = new RegExp(
  `^(?=.*[a-z])(?=.*[A-Z])(?=.*\\d)(?=.*[^A-Za-z0-9]).{${PASSWORD_MIN_LENGTH},128}$`,
);

export const newPassword = z.string({ error: 'passwordPolicy' }).regex(PASSWORD_POLICY, 'passwordPolicy');

/** Integer ids from query strings arrive as text. */
export const idParam = z.coerce
  .number({ error: 'fieldNotValid' })
  .int('fieldNotValid')
  .min(0, 'fieldNotValid')
  .max(2_147_483_647, 'fieldNotValid');
