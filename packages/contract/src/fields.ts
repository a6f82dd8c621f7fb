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

/** The query of a call about one property: `?siteID=`. */
export const siteIdQuery = z.object({ siteID: idParam });
/** The query of a call about one location: `?locationID=`. */
export const locationIdQuery = z.object({ locationID: idParam });

/** The fields of a list the server pages: `page` from 1 (up to `lastPage`), `pageSize` up to 200, 50 unless asked. */
export function pageFields(lastPage: number) {
  return {
    page: z.coerce.number().int().min(1).max(lastPage).optional().default(1),
    pageSize: z.coerce.number().int().min(1).max(200).optional().default(50),
  };
}

/** The field of the object (or of a list's item) an issue is about; none for the whole. */
const fieldOf = (issue: z.core.$ZodRawIssue) => issue.path?.find((segment) => typeof segment !== 'number');

/**
 * A rule across fields says when it runs: otherwise zod skips an object's (or a list's)
 * refinements as soon as any field fails with a type error (a select left empty, a box not
 * ticked), and a form shows the rule's error only on the next Save. `fields` are the names of
 * the fields the rule reads: of the object, or of a list's items.
 *
 * `whenValid`: once those fields pass all their checks, whatever the others hold. For rules
 * that compare what the fields' checks normalise (times of day, decimals, zips of a country).
 */
export function whenValid(fields: readonly string[]) {
  return {
    when: (payload: z.core.ParsePayload) =>
      payload.issues.every((issue) => {
        const field = fieldOf(issue);
        return field !== undefined && !fields.includes(String(field));
      }),
  };
}

/**
 * `whenTyped`: once those fields hold values of their type, even when their own checks fail
 * (a name too long, a password too weak), so the rule's error shows beside theirs. For rules on
 * values as typed (a confirmation, a name without a phone).
 */
export function whenTyped(fields: readonly string[]) {
  return {
    when: (payload: z.core.ParsePayload) =>
      payload.issues.every((issue) => {
        const field = fieldOf(issue);
        return issue.continue === true || (field !== undefined && !fields.includes(String(field)));
      }),
  };
}
