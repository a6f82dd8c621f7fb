import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from './constants';
import { EMAIL_PATTERN, newPassword, requiredEmail, whenTyped } from './fields';
import { Permission } from './roles';

export const authenticateRequest = z.object({
  Username: requiredEmail,
  Password: z.string({ error: 'requiredField' }).min(1, 'requiredField').max(128, 'maxLength'),
});
export type AuthenticateRequest = z.infer<typeof authenticateRequest>;

export const userAccountBasicInfo = z.object({
  userAccountID: z.int32(),
  roleID: z.int32(),
});

/** The sign-in result the browser stores whole under its login key. */
export const loginResult = z.object({
  token: z.string(),
  expiresAt: z.string(),
  userAccountBasicInfo,
});
export type LoginResult = z.infer<typeof loginResult>;

export const refreshTokenRequest = z.object({ Token: z.string({ error: 'requiredField' }).min(1, 'requiredField') });

export const me = z.object({
  userAccountID: z.int32(),
  roleID: z.int32(),
  roleName: z.string(),
  email: z.string(),
  username: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  busEntityID: z.int32().nullable(),
  busEntityName: z.string().nullable(),
  permissions: z.array(z.enum(Object.values(Permission) as [Permission, ...Permission[]])),
  siteIDs: z.array(z.int32()),
});
export type Me = z.infer<typeof me>;

export const registerRequest = z.object({
  email: requiredEmail,
  fullname: z.string({ error: 'requiredField' }).trim().min(1, 'requiredField').max(150, 'maxLength'),
  username: z
    .string({ error: 'requiredField' })
    .trim()
    .min(3, 'minLength')
    .max(50, 'maxLength')
    .regex(/^[A-Za-z0-9._-]+$/, 'fieldNotValid'),
  password: z.string({ error: 'requiredField' }).min(PASSWORD_MIN_LENGTH, 'passwordPolicy').pipe(newPassword),
});
export type RegisterRequest = z.infer<typeof registerRequest>;

/** The registration form adds the confirmation and the terms to the request. */
export const registrationForm = registerRequest
  .extend({
    cpassword: z.string().min(1, 'requiredField'),
    acceptTerms: z.literal(true, { error: 'acceptTerms' }),
  })
  .refine((form) => form.password === form.cpassword, {
    message: 'passwordsDontMatch',
    path: ['cpassword'],
    ...whenTyped(['password', 'cpassword']),
  });

/** The forgot-password modal and page share one rule and one message. */
export const forgotPasswordRequest = z.object({
  email: z
    .string({ error: 'forgotEmailInvalid' })
    .trim()
    .max(254, 'forgotEmailInvalid')
    .regex(EMAIL_PATTERN, 'forgotEmailInvalid'),
});

export const passwordTokenQuery = z.object({
  token: z.string({ error: 'noOrInvalidToken' }).min(1, 'noOrInvalidToken').max(200, 'noOrInvalidToken'),
});

export const updateForgotPasswordRequest = z.object({
  token: z.string({ error: 'noOrInvalidToken' }).min(1, 'noOrInvalidToken').max(200, 'noOrInvalidToken'),
  password: newPassword,
});

export const setPasswordForm = z
  .object({ password: newPassword, confirmPassword: z.string().min(1, 'requiredField') })
  .refine((form) => form.password === form.confirmPassword, {
    message: 'confirmPasswordMatch',
    path: ['confirmPassword'],
    ...whenTyped(['password', 'confirmPassword']),
  });

export const changePasswordRequest = z.object({
  currentPassword: z.string({ error: 'requiredField' }).min(1, 'requiredField').max(128, 'maxLength'),
  newPassword,
});

export const loginForm = z.object({
  email: requiredEmail,
  password: z.string().min(1, 'requiredField'),
});
