import { z } from 'zod';
import { changePasswordRequest } from './auth';
import { whenTyped } from './fields';

/** Form-only schemas of the web app: what a form checks before it sends its request. */

/** The profile page's change-password form: the request plus a confirmation of the new password. */
export const changePasswordForm = changePasswordRequest
  .extend({ confirmPassword: z.string().min(1, 'requiredField') })
  .refine((form) => form.newPassword === form.confirmPassword, {
    message: 'confirmPasswordMatch',
    path: ['confirmPassword'],
    ...whenTyped(['newPassword', 'confirmPassword']),
  });
export type ChangePasswordForm = z.infer<typeof changePasswordForm>;

/** The public meter page's lookup box. */
export const meterLookupForm = z.object({
  meter: z.string().trim().min(1, 'enterMeterNumber').max(50, 'maxLength'),
});
export type MeterLookupForm = z.infer<typeof meterLookupForm>;
